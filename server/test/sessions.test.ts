import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionCodec } from '../src/auth/session-cookie.ts';
import { memoryRevocations } from '../src/store/revocations.ts';
import { buildGate } from './helper.ts';
import { PORTAL_HOST, setCookies, signIn, signInFlow } from './oidc-flow.ts';

/** A session ends when the reader logs out, and only then. */
const SECRET = 'first-secret-first-secret-first-secret-1';
const EMBEDDED = { OIDC_ISSUER: '', DEV_IDP_PORT: '0', PUBLIC_URL: `http://${PORTAL_HOST}`, SESSION_SECRETS: SECRET };
const ORIGIN = `http://${PORTAL_HOST}`;
const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

test('AUTH-07 after logout the old session cookie is refused everywhere, though it has not expired', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookie = cookieHeader(setCookies((await signIn(app, 'admin@tala.example')).headers));
  assert.equal((await app.inject({ url: '/studio/build/', headers: { cookie } })).statusCode, 200);
  const logout = await app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { cookie, host: PORTAL_HOST, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
  });
  assert.equal(logout.statusCode, 303);
  // The browser would drop the cookie; a copy of it (another tab's jar, a stolen value) must not work.
  const page = await app.inject({ url: '/studio/build/', headers: { cookie } });
  assert.equal(page.statusCode, 401);
  assert.match(page.body, /<h1>Documentation<\/h1>/);
  assert.equal((await app.inject({ url: '/on-prem/overview/', headers: { cookie } })).statusCode, 401);
  assert.equal((await app.inject({ url: '/api/session', headers: { cookie } })).statusCode, 401);
  assert.equal((await app.inject({ url: '/assets/js/doc.89abcdef.js', headers: { cookie } })).statusCode, 401);
});

test('a cross-site logout (GET, or POST from another origin) leaves the session alone', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookie = cookieHeader(setCookies((await signIn(app, 'reader@tala.example')).headers));
  const attempts = [
    { method: 'GET' as const, headers: {} },
    { method: 'POST' as const, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    { method: 'POST' as const, headers: { origin: 'https://evil.example' } },
    { method: 'POST' as const, headers: { 'sec-fetch-site': 'same-site' } },
    { method: 'POST' as const, headers: {} },
  ];
  for (const { method, headers } of attempts) {
    const res = await app.inject({ method, url: '/auth/logout', headers: { cookie, host: PORTAL_HOST, ...headers } });
    assert.ok([403, 405].includes(res.statusCode), `${method} ${JSON.stringify(headers)}: ${res.statusCode}`);
    assert.ok(!String(res.headers['set-cookie'] ?? '').includes('tala_session=;'), 'the cookie is not cleared');
    assert.equal((await app.inject({ url: '/studio/build/', headers: { cookie } })).statusCode, 200);
  }
});

test('the login transaction is single-use: replaying the callback does not sign in again', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const { callback, replay } = await signInFlow(app, 'reader@tala.example', '/studio/');
  assert.equal(callback.statusCode, 302);
  assert.ok(setCookies(callback.headers).get('tala_session'));
  const again = await replay();
  assert.equal(again.statusCode, 302);
  // "expired" is the spent transaction; a re-used code alone would have said "failed".
  assert.equal(again.headers.location, '/Login/?error=expired');
  assert.ok(!setCookies(again.headers).get('tala_session'));
});

test('SESSION_ROLE_TTL: roles older than it open nothing; pages go back through sign-in', async (t) => {
  const app = await buildGate(t, { env: { ...EMBEDDED, SESSION_ROLE_TTL: '10m' } });
  const codec = new SessionCodec({
    secrets: [SECRET],
    maxAge: 8 * 3600,
    idleTimeout: 3600,
    roleTtl: 600,
    secure: false,
  });
  const now = Math.floor(Date.now() / 1000);
  const session = {
    sid: 's1',
    sub: 'u1',
    name: 'Riley',
    username: null,
    roles: ['Documentation.Reader', 'Documentation.Onprem'],
    authTime: now - 700,
    lastSeen: now,
  };
  const fresh = `tala_session=${await codec.seal({ ...session, rolesAt: now - 60 })}`;
  const stale = `tala_session=${await codec.seal({ ...session, rolesAt: now - 700 })}`;
  assert.equal((await app.inject({ url: '/on-prem/overview/', headers: { cookie: fresh } })).statusCode, 200);
  const page = await app.inject({ url: '/on-prem/overview/?tab=a', headers: { cookie: stale } });
  assert.equal(page.statusCode, 302);
  assert.equal(page.headers.location, `/auth/login?returnTo=${encodeURIComponent('/on-prem/overview/?tab=a')}`);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  assert.equal(
    (await app.inject({ url: '/assets/js/onprem.fedcba98.js', headers: { cookie: stale } })).statusCode,
    401,
  );
  assert.equal((await app.inject({ url: '/api/session', headers: { cookie: stale } })).statusCode, 401);
});

test('revoked ids expire with the session they ended', async () => {
  const list = memoryRevocations();
  const now = Math.floor(Date.now() / 1000);
  await list.revoke('live', now + 60);
  await list.revoke('over', now - 1);
  assert.equal(await list.isRevoked('live'), true);
  assert.equal(await list.isRevoked('over'), false);
  assert.equal(await list.isRevoked('never'), false);
});
