import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGate, READER } from './helper.ts';

test("pages carry a CSP with the build's inline-script hashes, nosniff and frame-ancestors", async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/');
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /script-src 'self' 'sha256-abc='/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-eval/);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
  assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over plain http');
});

test('HSTS is sent when the portal is served over https behind a trusted proxy', async (t) => {
  const app = await buildGate(t, { identity: READER, env: { TRUST_PROXY: 'true' } });
  const res = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
  assert.match(String(res.headers['strict-transport-security']), /max-age=\d+/);
});

test('X-Frame-Options agrees with frame-ancestors: DENY, not SAMEORIGIN', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/');
  assert.equal(res.headers['x-frame-options'], 'DENY');
});

test('redirects and errors on gated paths are never cacheable by a shared cache', async (t) => {
  const reader = await buildGate(t, { identity: READER });
  const cases: [string, number][] = [
    ['/studio/build/index.html', 301],
    ['/studio/build', 301],
    ['/on-prem/overview/', 302],
    ['/assets/js/onprem.fedcba98.js', 403],
    ['/no/such/page/', 404],
    ['/assets/js/missing.12345678.js', 404],
  ];
  for (const [url, status] of cases) {
    const res = await reader.inject(url);
    assert.equal(res.statusCode, status, url);
    assert.equal(res.headers['cache-control'], 'private, no-store', url);
  }
  const anonymous = await buildGate(t, { identity: null });
  for (const url of ['/studio/build/', '/assets/js/doc.89abcdef.js', '/studio/build/index.html']) {
    assert.equal((await anonymous.inject(url)).headers['cache-control'], 'private, no-store', url);
  }
});

test('TRUST_PROXY=1 trusts one hop: a client cannot choose its address by adding X-Forwarded-For', async (t) => {
  const app = await buildGate(t, { identity: READER, env: { TRUST_PROXY: '1' } });
  app.get('/whoami', async (request) => ({ ip: request.ip }));
  const res = await app.inject({ url: '/whoami', headers: { 'x-forwarded-for': '6.6.6.6, 10.1.1.1' } });
  assert.equal(res.json().ip, '10.1.1.1');
});
