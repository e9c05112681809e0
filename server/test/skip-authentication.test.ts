import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGate } from './helper.ts';

test('AUTH-08 with skipAuthentication every visitor reads on-prem pages', async (t) => {
  const app = await buildGate(t, { env: { SKIP_AUTHENTICATION: 'true' } });
  const res = await app.inject('/on-prem/overview/');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /ONPREM-SECRET/);
});

test('without skipAuthentication and without sign-in, visitors are anonymous', async (t) => {
  const app = await buildGate(t, {});
  assert.equal((await app.inject('/studio/build/')).statusCode, 401);
});

test('AUTH-06 with skipAuthentication, /auth/login never redirects to a path that normalises to //host', async (t) => {
  const app = await buildGate(t, { env: { SKIP_AUTHENTICATION: 'true' } });
  for (const returnTo of ['/.//evil', '/%2e//evil', '/a/..//evil']) {
    const res = await app.inject(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/', returnTo);
  }
  assert.equal((await app.inject('/auth/login?returnTo=/studio/build/')).headers.location, '/studio/build/');
});
