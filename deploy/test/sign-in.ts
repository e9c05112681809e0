import { Jar, send, setCookies } from './http.ts';

export interface SignInOptions {
  /** Where the portal's requests go: one gate's own origin (pins the replica) or the load balancer's. */
  via: string;
  /** The portal's public origin (PUBLIC_URL), sent as Host. */
  publicUrl: string;
  username: string;
  returnTo?: string;
}

/**
 * The authorization-code flow over real HTTP, as a browser runs it (server/test/oidc-flow.ts does
 * the same with inject): /auth/login on the portal, the provider's authorize endpoint and sign-in
 * form, its redirects back, /auth/callback on the portal. Returns the `name=value` of the session
 * cookie.
 */
export async function signIn({ via, publicUrl, username, returnTo = '/' }: SignInOptions): Promise<string> {
  const host = new URL(publicUrl).host;
  const portal = (url: string) => {
    const { pathname, search } = new URL(url, publicUrl);
    return `${via}${pathname}${search}`;
  };
  const login = await send(portal(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`), { headers: { host } });
  if (login.status !== 302) throw new Error(`/auth/login answered ${login.status}`);
  const loginCookies = setCookies(login.headers);

  const jar = new Jar();
  const provider = async (url: string, init: { method?: string; body?: string } = {}) => {
    const headers: Record<string, string> = { cookie: jar.header() };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const reply = await send(url, { ...init, headers });
    jar.store(reply.headers);
    return reply;
  };
  // authorize → the interaction (sign-in form)
  let url = String(login.headers.location);
  let reply = await provider(url);
  url = new URL(String(reply.headers.location), url).href;
  reply = await provider(url);
  if (!reply.body.toString().includes('Sign in to Tala Docs')) throw new Error(`no sign-in form at ${url}`);
  // submit the account, then follow the provider's redirects until it sends the browser back
  reply = await provider(new URL(`${new URL(url).pathname}/login`, url).href, {
    method: 'POST',
    body: new URLSearchParams({ username }).toString(),
  });
  for (let hop = 0; hop < 5; hop++) {
    url = new URL(String(reply.headers.location), url).href;
    if (url.startsWith(`${publicUrl}/`)) break;
    reply = await provider(url);
  }
  if (!url.startsWith(`${publicUrl}/auth/callback?`)) throw new Error(`the provider did not come back: ${url}`);

  const callback = await send(portal(url), {
    headers: { host, cookie: [...loginCookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  const session = [...setCookies(callback.headers)].find(([name, value]) => name.endsWith('tala_session') && value);
  if (callback.status !== 302 || session === undefined) {
    throw new Error(`/auth/callback answered ${callback.status} to ${callback.headers.location} without a session`);
  }
  return `${session[0]}=${session[1]}`;
}
