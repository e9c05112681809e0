import type { FastifyInstance } from 'fastify';

/** A minimal cookie jar for the identity provider's side of the flow (real HTTP). */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** `name=value` pairs of the Set-Cookie headers of an inject() response. */
export function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return new Map(
    lines.map((line: string) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index), pair.slice(index + 1)];
    }),
  );
}

export const PORTAL_HOST = 'portal.test:3000';

/**
 * Runs the whole authorization-code flow: /auth/login on the portal (inject), the embedded
 * provider's authorize endpoint and sign-in form (real HTTP), and /auth/callback (inject).
 * Returns the callback response.
 */
export async function signIn(app: FastifyInstance, username: string, returnTo = '/') {
  return (await signInFlow(app, username, returnTo)).callback;
}

/** The flow, with a way to send the very same callback request again (a replayed transaction). */
export async function signInFlow(app: FastifyInstance, username: string, returnTo = '/') {
  const login = await app.inject({
    url: `/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
    headers: { host: PORTAL_HOST },
  });
  if (login.statusCode !== 302) throw new Error(`/auth/login answered ${login.statusCode}`);
  const loginCookie = setCookies(login.headers);
  const jar = new Jar();
  let url = String(login.headers.location);
  // authorize → interaction form
  let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.store(response);
  url = new URL(String(response.headers.get('location')), url).href;
  const interaction = new URL(url).pathname;
  response = await fetch(url, { headers: { cookie: jar.header() } });
  jar.store(response);
  const form = await response.text();
  if (!form.includes('Sign in to Tala Docs')) throw new Error('no sign-in form');
  // submit the account, then follow the provider's redirects until it sends us back to the portal
  response = await fetch(new URL(`${interaction}/login`, url), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }),
  });
  jar.store(response);
  for (let hop = 0; hop < 5; hop++) {
    url = new URL(String(response.headers.get('location')), url).href;
    if (url.startsWith(`http://${PORTAL_HOST}/`)) break;
    response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
  }
  const callbackUrl = new URL(url);
  const sendCallback = () =>
    app.inject({
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: {
        host: PORTAL_HOST,
        cookie: [...loginCookie].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
  return { callback: await sendCallback(), replay: sendCallback };
}
