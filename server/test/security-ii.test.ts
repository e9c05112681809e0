/**
 * The second pen-test's defects on the reader's side of the gate — sealed values that do
 * not open, cookies on publicly cacheable answers, MCP batches and answer sizes. The OAuth server's
 * defects are in mcp-oauth-hardening.test.ts, the budgets and the search queue in budgets.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROLES } from '@tala/policy';
import { Sealer } from '../src/auth/sealer.ts';
import { SessionCodec } from '../src/auth/session-cookie.ts';
import { MAX_ANSWER_CHARS } from '../src/mcp/tools.ts';
import { buildGate, READER } from './helper.ts';
import { authorize, callTool, ENV } from './mcp-client.ts';
import { PORTAL_HOST, setCookies } from './oidc-flow.ts';

const SECRET = 'second-pentest-secret-0123456789abcdef012';
const EMBEDDED = { OIDC_ISSUER: '', DEV_IDP_PORT: '0', PUBLIC_URL: `http://${PORTAL_HOST}`, SESSION_SECRETS: SECRET };
const codec = new SessionCodec({
  secrets: [SECRET],
  maxAge: 8 * 3600,
  idleTimeout: 3600,
  roleTtl: 3600,
  secure: false,
});

async function sessionCookie(lastSeenAgo = 0): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return codec.seal({
    sid: `sid-${crypto.randomUUID()}`,
    sub: 'riley',
    name: 'Riley Reader',
    username: 'reader@tala.example',
    roles: [ROLES.reader],
    authTime: now - lastSeenAgo,
    lastSeen: now - lastSeenAgo,
    rolesAt: now - lastSeenAgo,
  });
}

/** The same sealed value with its protected header rewritten (the ciphertext is untouched). */
function withHeader(token: string, header: Record<string, unknown>): string {
  const [, ...rest] = token.split('.');
  return [Buffer.from(JSON.stringify(header)).toString('base64url'), ...rest].join('.');
}
const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { kid: string }).kid;

test('SEC2-07 a sealed value whose header names other algorithms is no session: no 500, cookie cleared, no internal text', async (t) => {
  const lines: string[] = [];
  const app = await buildGate(t, { env: EMBEDDED, logLines: lines });
  const real = await sessionCookie();
  const variants = [
    withHeader(real, { alg: 'dir', enc: 'A128GCM', kid: kidOf(real) }),
    withHeader(real, { alg: 'dir', enc: 'A192GCM', kid: kidOf(real) }),
    withHeader(real, { alg: 'A256KW', enc: 'A256GCM', kid: kidOf(real) }),
  ];
  const login = await new Sealer([SECRET], 'tala-docs login').seal({ state: 's', nonce: 'n' }, 9_999_999_999);
  const swappedLogin = withHeader(login, { alg: 'dir', enc: 'A128GCM', kid: kidOf(login) });
  for (const swapped of variants) {
    const cookie = `tala_session=${swapped}`;
    for (const url of ['/healthz', '/Login/', '/api/session', '/studio/build/']) {
      const res = await app.inject({ url, headers: { cookie, host: PORTAL_HOST } });
      assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const session = await app.inject({ url: '/api/session', headers: { cookie } });
    assert.equal(session.statusCode, 401);
    assert.equal(setCookies(session.headers).get('tala_session'), '', 'the cookie is cleared');
    const callback = await app.inject({
      url: '/auth/callback?code=c&state=s',
      headers: { host: PORTAL_HOST, cookie: `tala_login=${swappedLogin}; ${cookie}` },
    });
    assert.equal(callback.statusCode, 302);
    assert.equal(callback.headers.location, '/Login/?error=expired');
  }
  assert.deepEqual(
    lines.filter((line) => JSON.parse(line).level >= 50),
    [],
    'nothing is logged at error level',
  );
});

test('SEC2-07 an MCP token or revocation with a swapped header is refused without echoing internal errors', async (t) => {
  const app = await buildGate(t, { identity: READER, env: ENV });
  const { access_token, client_id } = await authorize(app);
  const swapped = withHeader(access_token, { alg: 'dir', enc: 'A128GCM', kid: kidOf(access_token) });
  const mcp = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { authorization: `Bearer ${swapped}`, 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  assert.equal(mcp.statusCode, 401);
  assert.match(String(mcp.headers['www-authenticate']), /error="invalid_token"/);
  assert.doesNotMatch(String(mcp.headers['www-authenticate']), /CryptoKey|TypeError|operation/i);
  const revoke = await app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id, token: swapped }).toString(),
  });
  assert.equal(revoke.statusCode, 200, revoke.body);
});

test('SEC2-04 a session due for re-sealing gets no Set-Cookie on a public asset, and gets it on its next private answer', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookie = `tala_session=${await sessionCookie(120)}`;
  for (const url of ['/assets/js/main.0123abcd.js', '/img/logo.svg', '/Login/']) {
    const asset = await app.inject({ url, headers: { cookie } });
    assert.equal(asset.statusCode, 200, url);
    assert.match(String(asset.headers['cache-control']), /public/, url);
    assert.equal(asset.headers['set-cookie'], undefined, `${url} must not carry the session`);
  }
  const page = await app.inject({ url: '/studio/build/', headers: { cookie } });
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  assert.ok(setCookies(page.headers).get('tala_session'), 'the private page re-seals the session');
});

test('SEC2-04 no answer that a shared cache may store carries a cookie, whatever the route', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookie = `tala_session=${await sessionCookie(120)}`;
  const expired = 'tala_session=not-a-sealed-value';
  for (const value of [cookie, expired]) {
    for (const url of ['/healthz', '/readyz', '/api/config', '/img/logo.svg', '/assets/js/main.0123abcd.js', '/nope']) {
      const res = await app.inject({ url, headers: { cookie: value, host: PORTAL_HOST } });
      const control = String(res.headers['cache-control'] ?? '');
      if (!/private|no-store/.test(control)) {
        assert.equal(res.headers['set-cookie'], undefined, `${url} (${control || 'no cache-control'})`);
      }
    }
  }
});

test('SEC2-01 a JSON-RPC batch to /mcp is refused before any tool runs, and still counts against the budget', async (t) => {
  const app = await buildGate(t, { identity: READER, env: { ...ENV, MCP_CALLS_PER_MINUTE: '3' } });
  const { access_token } = await authorize(app);
  const call = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'list_sections', arguments: {} },
  });
  const headers = {
    authorization: `Bearer ${access_token}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
  const batch = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers,
    payload: JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i))),
  });
  assert.equal(batch.statusCode, 400);
  assert.equal(batch.json().error.code, -32600);
  assert.doesNotMatch(batch.body, /Build a solution/, 'no tool ran');
  const single = await app.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify(call(1)) });
  assert.equal(single.statusCode, 200);
  assert.match(single.body, /Build a solution/);
  await app.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify([call(2)]) });
  const over = await app.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify(call(3)) });
  assert.equal(over.statusCode, 429, 'the refused batches counted: 3 requests, then the budget is spent');
});

test('SEC2-01 one tool answer is capped in size, cut at a line with a note', async (t) => {
  const line = `- [A page about something](/studio/page/index.md): ${'words '.repeat(12)}\n`;
  const big = `# Tala Docs\n\n${line.repeat(Math.ceil((MAX_ANSWER_CHARS * 2) / line.length))}`;
  const app = await buildGate(t, { identity: READER, env: ENV, files: { 'llms.txt': big } });
  const { access_token } = await authorize(app);
  const answer = (await callTool(app, access_token, 'list_sections', {})).json().result;
  const text = answer.content[0].text as string;
  assert.ok(text.length < MAX_ANSWER_CHARS + 512, `${text.length} chars`);
  assert.match(text, /\[Cut at \d+ KB of \d+ KB/);
  assert.ok(text.split('\n\n[Cut')[0]?.endsWith('words '), 'cut at the end of a line');
});
