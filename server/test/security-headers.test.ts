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
