/** The configuration side of replicas sharing one development provider (no process started). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../server/src/config.ts';
import { standaloneOptions } from '../../server/src/dev-idp/standalone.ts';
import { ConfigError } from '../../server/src/errors.ts';

const GATE = {
  OIDC_CLIENT_ID: 'tala-docs-replicas',
  OIDC_CLIENT_SECRET: 'replicas-client-secret',
  SESSION_SECRETS: 'replicas-test-session-secret-shared-by-both-gates',
  PUBLIC_URL: 'http://127.0.0.1:8080',
};

test('a gate accepts an http provider on loopback outside production', () => {
  for (const issuer of ['http://127.0.0.1:3001', 'http://localhost:3001', 'http://[::1]:3001']) {
    const { auth } = loadConfig({ ...GATE, OIDC_ISSUER: issuer });
    assert.equal(auth.mode === 'oidc' && auth.provider, 'external', issuer);
  }
});

test('a gate refuses an http provider in production, and off loopback anywhere, at start-up', () => {
  assert.throws(
    () => loadConfig({ ...GATE, ENVIRONMENT: 'production', OIDC_ISSUER: 'http://127.0.0.1:3001' }),
    (error: unknown) =>
      error instanceof ConfigError && /must use https when ENVIRONMENT=production/.test(error.message),
  );
  assert.throws(
    () => loadConfig({ ...GATE, OIDC_ISSUER: 'http://idp.example.com/realms/tala' }),
    (error: unknown) => error instanceof ConfigError && /unless it is on a loopback address/.test(error.message),
  );
  assert.throws(
    () => loadConfig({ ...GATE, ENVIRONMENT: 'production', MSAL_AUTHORITY: 'http://login.example.com/tenant' }),
    ConfigError,
  );
});

test('the standalone provider registers the gates’ redirect URIs, needs the shared secret, refuses production', () => {
  const options = standaloneOptions({ DEV_IDP_PORT: '0', ...GATE, PAGES_PREFIX: '/docs/' });
  assert.deepEqual(options.redirectUris, ['http://127.0.0.1:8080/auth/callback']);
  assert.deepEqual(options.postLogoutRedirectUris, ['http://127.0.0.1:8080/docs/Login/']);
  assert.equal(options.clientId, 'tala-docs-replicas');
  const two = standaloneOptions({
    ...GATE,
    OIDC_REDIRECT_URI: 'http://a.test/auth/callback, http://b.test/auth/callback',
  });
  assert.deepEqual(two.redirectUris, ['http://a.test/auth/callback', 'http://b.test/auth/callback']);
  assert.throws(() => standaloneOptions({ ...GATE, OIDC_CLIENT_SECRET: '' }), /OIDC_CLIENT_SECRET is required/);
  for (const ENVIRONMENT of ['production', 'Production']) {
    assert.throws(() => standaloneOptions({ ...GATE, ENVIRONMENT }), /refused when ENVIRONMENT=production/);
  }
});
