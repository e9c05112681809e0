/**
 * An MCP assistant's OAuth flow against a running gate, over real HTTP (server/test/mcp-client.ts
 * does the same over inject): registration, authorization, the signed-in reader's consent, code
 * exchange. Going through the endpoints keeps the bench working whatever a token holds inside.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MCP_ROUTES } from '@tala/policy';

const REDIRECT = 'http://127.0.0.1:53682/callback';

async function expectStatus(response: Response, status: number, step: string): Promise<Response> {
  if (response.status !== status)
    throw new Error(`MCP OAuth ${step}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/** An access token for /mcp on behalf of the reader whose session `cookie` carries. */
export async function mcpToken(origin: string, cookie: string): Promise<string> {
  const registered = await fetch(`${origin}${MCP_ROUTES.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Bench assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  const { client_id } = (await (await expectStatus(registered, 201, 'register')).json()) as { client_id: string };

  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'x',
    resource: `${origin}${MCP_ROUTES.mcp}`,
  });
  const start = await fetch(`${origin}${MCP_ROUTES.authorize}?${query}`, { headers: { cookie }, redirect: 'manual' });
  await expectStatus(start, 302, 'authorize');
  const id = new URL(start.headers.get('location') ?? '', origin).searchParams.get('request');
  if (!id) throw new Error(`MCP OAuth authorize: no consent request in ${start.headers.get('location')}`);

  // The consent page's POST: same-origin only, as the reader's browser sends it.
  const approved = await fetch(`${origin}/api/mcp/authorizations/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { cookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  const { redirect } = (await (await expectStatus(approved, 200, 'consent')).json()) as { redirect: string };
  const code = new URL(redirect).searchParams.get('code');
  if (!code) throw new Error(`MCP OAuth consent: no code in ${redirect}`);

  const token = await fetch(`${origin}${MCP_ROUTES.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id,
      redirect_uri: REDIRECT,
      resource: `${origin}${MCP_ROUTES.mcp}`,
    }).toString(),
  });
  return ((await (await expectStatus(token, 200, 'token')).json()) as { access_token: string }).access_token;
}
