import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGate } from './helper.ts';

const ENV = {
  MSAL_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
  MSAL_AUTHORITY: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
  MSAL_TENANT_NAME: 'contoso',
  MSAL_TENANT_ID: '99999999-8888-7777-6666-555555555555',
  ALGOLIA_INDEX_NAME: 'tala-docs-prod',
  REQUEST_ACCESS_URL: 'https://access.example.com/request?app=tala-docs',
};

test('CONF-01 GET /api/config returns the seed shape from the environment, to anonymous visitors', async (t) => {
  const app = await buildGate(t, { identity: null, env: ENV });
  const res = await app.inject('/api/config');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), {
    msalClientId: ENV.MSAL_CLIENT_ID,
    msalAuthority: ENV.MSAL_AUTHORITY,
    msalTenantName: ENV.MSAL_TENANT_NAME,
    msalTenantId: ENV.MSAL_TENANT_ID,
    algoliaIndexName: ENV.ALGOLIA_INDEX_NAME,
  });
});

test('CONF-01 unset identity settings are null, not missing', async (t) => {
  const app = await buildGate(t, { identity: null });
  const body = (await app.inject('/api/config')).json();
  assert.equal(body.msalClientId, null);
  assert.equal(body.algoliaIndexName, 'tala-docs');
});

test('CONF-04 GET /api/request-access-url returns requestAccessURL', async (t) => {
  const app = await buildGate(t, { identity: null, env: ENV });
  const res = await app.inject('/api/request-access-url');
  assert.deepEqual(res.json(), { requestAccessURL: ENV.REQUEST_ACCESS_URL });
});

test('the health endpoint answers without a session', async (t) => {
  const app = await buildGate(t, { identity: null });
  const res = await app.inject('/healthz');
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().status, 'ok');
});
