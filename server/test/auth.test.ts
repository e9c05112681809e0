import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeReturnTo } from '../src/auth/return-to.ts';
import { Sealer } from '../src/auth/sealer.ts';
import { buildGate } from './helper.ts';
import { PORTAL_HOST, setCookies, signIn } from './oidc-flow.ts';

/** The gate with the embedded provider, as `npm start` runs it. */
const EMBEDDED = {
  OIDC_ISSUER: '',
  DEV_IDP_PORT: '0',
  PUBLIC_URL: `http://${PORTAL_HOST}`,
  SESSION_SECRETS: 'first-secret-first-secret-first-secret-1',
};

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

test('AUTH-04 AUTH-05 AUTH-06 ROLE-01 the code flow signs an on-prem admin in and returns to the deep link', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const callback = await signIn(app, 'admin@tala.example', '/on-prem/overview/?tab=ports#sizing');
  assert.equal(callback.statusCode, 302);
  assert.equal(callback.headers.location, '/on-prem/overview/?tab=ports#sizing');
  const cookies = setCookies(callback.headers);
  assert.ok(cookies.get('tala_session'), 'a session cookie is set');
  const setCookie = String(callback.headers['set-cookie']);
  assert.match(setCookie, /HttpOnly/i);
  assert.match(setCookie, /SameSite=Lax/i);

  const page = await app.inject({ url: '/on-prem/overview/', headers: { cookie: cookieHeader(cookies) } });
  assert.equal(page.statusCode, 200);
  const session = await app.inject({ url: '/api/session', headers: { cookie: cookieHeader(cookies) } });
  assert.deepEqual(session.json(), {
    name: 'Olu Admin',
    username: 'admin@tala.example',
    roles: ['Documentation.Reader', 'Documentation.Onprem'],
    search: { appId: 'TALADOCS', apiKey: 'portal-session', indexName: 'tala-docs', hosts: null },
  });
});

test('ROLE-03 a reader signed in without the role is sent to /403/ for on-prem pages', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookies = setCookies((await signIn(app, 'reader@tala.example')).headers);
  const headers = { cookie: cookieHeader(cookies) };
  assert.equal((await app.inject({ url: '/studio/build/', headers })).statusCode, 200);
  const onprem = await app.inject({ url: '/on-prem/overview/', headers });
  assert.equal(onprem.statusCode, 302);
  assert.equal(onprem.headers.location, '/403/');
  assert.deepEqual((await app.inject({ url: '/api/session', headers })).json().roles, ['Documentation.Reader']);
});

test('AUTH-01 a tampered session cookie means signed out: login screen, cookie cleared, no 500', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookies = setCookies((await signIn(app, 'admin@tala.example')).headers);
  const value = cookies.get('tala_session') ?? '';
  const flipped = `${value.slice(0, -5)}${value.at(-5) === 'A' ? 'B' : 'A'}${value.slice(-4)}`;
  for (const bad of [flipped, 'garbage', `${value}x`, 'a.b.c.d.e', '']) {
    const res = await app.inject({ url: '/studio/build/', headers: { cookie: `tala_session=${bad}` } });
    assert.equal(res.statusCode, 401, bad.slice(0, 20));
    assert.match(res.body, /<h1>Documentation<\/h1>/);
  }
  const cleared = await app.inject({ url: '/studio/build/', headers: { cookie: `tala_session=${flipped}` } });
  assert.match(String(cleared.headers['set-cookie']), /tala_session=;/);
});

test('AUTH-01 a session sealed with a retired secret is refused; the previous secret is still accepted', async (t) => {
  const signedIn = await buildGate(t, { env: EMBEDDED });
  const cookie = cookieHeader(setCookies((await signIn(signedIn, 'reader@tala.example')).headers));
  const rotated = await buildGate(t, {
    env: { ...EMBEDDED, SESSION_SECRETS: `new-secret-new-secret-new-secret-new-1,${EMBEDDED.SESSION_SECRETS}` },
  });
  assert.equal((await rotated.inject({ url: '/studio/build/', headers: { cookie } })).statusCode, 200);
  const retired = await buildGate(t, {
    env: { ...EMBEDDED, SESSION_SECRETS: 'new-secret-new-secret-new-secret-new-1' },
  });
  assert.equal((await retired.inject({ url: '/studio/build/', headers: { cookie } })).statusCode, 401);
});

test('AUTH-07 logout clears the cookie and ends the provider session, landing on /Login/', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const cookie = cookieHeader(setCookies((await signIn(app, 'reader@tala.example')).headers));
  const res = await app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { cookie, host: PORTAL_HOST, origin: `http://${PORTAL_HOST}`, 'sec-fetch-site': 'same-origin' },
  });
  assert.equal(res.statusCode, 303);
  const location = new URL(String(res.headers.location));
  assert.equal(location.pathname, '/session/end');
  assert.equal(location.searchParams.get('client_id'), 'tala-docs-test');
  assert.equal(location.searchParams.get('post_logout_redirect_uri'), `http://${PORTAL_HOST}/Login/`);
  assert.match(String(res.headers['set-cookie']), /tala_session=;/);
  assert.equal(res.headers['clear-site-data'], '"cache"');
});

test('AUTH-10 with the provider unreachable, sign-in sends the reader back to the login screen with a reason', async (t) => {
  const app = await buildGate(t, {
    env: {
      OIDC_ISSUER: 'http://127.0.0.1:9',
      PUBLIC_URL: `http://${PORTAL_HOST}`,
      SESSION_SECRETS: EMBEDDED.SESSION_SECRETS,
    },
  });
  const login = await app.inject({ url: '/auth/login?returnTo=/studio/', headers: { host: PORTAL_HOST } });
  assert.equal(login.statusCode, 302);
  assert.equal(login.headers.location, '/Login/?error=unavailable');
  assert.deepEqual((await app.inject('/auth/status')).json(), { signInAvailable: false });
});

test('a callback without its login transaction, or with a forged state, does not sign anyone in', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const noCookie = await app.inject({ url: '/auth/callback?code=abc&state=xyz', headers: { host: PORTAL_HOST } });
  assert.equal(noCookie.headers.location, '/Login/?error=expired');
  const login = await app.inject({ url: '/auth/login?returnTo=/', headers: { host: PORTAL_HOST } });
  const forged = await app.inject({
    url: '/auth/callback?code=abc&state=forged',
    headers: { host: PORTAL_HOST, cookie: cookieHeader(setCookies(login.headers)) },
  });
  assert.equal(forged.headers.location, '/Login/?error=failed');
  assert.equal(setCookies(forged.headers).get('tala_session'), undefined);
});

test('AUTH-06 returnTo accepts only same-origin relative paths (no open redirect)', () => {
  for (const bad of [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/%5cevil.example/',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%252F%252Fevil.example',
    'javascript:alert(1)',
    '/\tevil',
    'studio/',
    '',
    // Dot segments that normalise to a protocol-relative `//evil`.
    '/.//evil',
    '/%2e//evil',
    '/a/..//evil',
    '/%2e%2e//evil.example/x',
    '/a/b/../..//evil',
  ]) {
    assert.equal(safeReturnTo(bad, '/'), '/', bad);
  }
  assert.equal(safeReturnTo('/studio/build/?q=1#flows', '/'), '/studio/build/?q=1#flows');
  assert.equal(safeReturnTo('/on-prem/overview/', '/'), '/on-prem/overview/');
});

test('AUTH-06 /auth/login refuses an open redirect and keeps the default instead', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  for (const [asked, kept] of [
    ['//evil.example/', '/'],
    ['/.//evil.example/', '/'],
    ['/studio/build/?q=1#flows', '/studio/build/?q=1#flows'],
  ] as const) {
    const res = await app.inject({
      url: `/auth/login?returnTo=${encodeURIComponent(asked)}`,
      headers: { host: PORTAL_HOST },
    });
    assert.equal(res.statusCode, 302);
    assert.ok(String(res.headers.location).startsWith('http://127.0.0.1:'), 'goes to the provider');
    // What the callback will redirect to is what the sealed login transaction holds: open it.
    const sealed = setCookies(res.headers).get('tala_login');
    const transaction = await new Sealer([EMBEDDED.SESSION_SECRETS], 'tala-docs login').open(sealed);
    assert.equal(transaction?.returnTo, kept, asked);
  }
});

test('/api/session answers 401 to anonymous visitors', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const res = await app.inject('/api/session');
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().error, 'GATE_ERR_UNAUTHENTICATED');
});

test("the embedded provider's sign-in page cannot be framed", async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  const login = await app.inject({ url: '/auth/login', headers: { host: PORTAL_HOST } });
  const authorize = await fetch(String(login.headers.location), { redirect: 'manual' });
  const form = await fetch(new URL(String(authorize.headers.get('location')), String(login.headers.location)), {
    headers: {
      cookie: authorize.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    },
  });
  assert.match(await form.text(), /Sign in to Tala Docs/);
  assert.equal(form.headers.get('x-frame-options'), 'DENY');
  assert.match(String(form.headers.get('content-security-policy')), /frame-ancestors 'none'/);
});
