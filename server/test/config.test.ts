import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { ConfigError } from '../src/errors.ts';

test('AUTH-08 skipAuthentication is refused in production with a clear error', () => {
  assert.throws(
    () => loadConfig({ SKIP_AUTHENTICATION: 'true', ENVIRONMENT: 'production' }),
    (error: unknown) => error instanceof ConfigError && /refused when ENVIRONMENT=production/.test(error.message),
  );
});

test('bad values are reported by variable name', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT must be a port number/);
  assert.throws(() => loadConfig({ SKIP_AUTHENTICATION: 'maybe' }), /SKIP_AUTHENTICATION must be true or false/);
  assert.throws(() => loadConfig({ REQUEST_ACCESS_URL: 'not a url' }), /REQUEST_ACCESS_URL must be an absolute URL/);
  assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/);
});

test('defaults: loopback, port 3000, development, authentication on', () => {
  const config = loadConfig({});
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 3000);
  assert.equal(config.environment, 'development');
  assert.equal(config.skipAuthentication, false);
  assert.ok(Object.isFrozen(config));
});

test('the embedded identity provider is refused in production: a provider must be configured', () => {
  assert.throws(
    () => loadConfig({ ENVIRONMENT: 'production', SESSION_SECRETS: 'x'.repeat(40) }),
    (error: unknown) => error instanceof ConfigError && /No identity provider is configured/.test(error.message),
  );
});

test('production needs SESSION_SECRETS and a client secret; secrets must be long enough', () => {
  const entra = { ENVIRONMENT: 'production', MSAL_TENANT_ID: 'tenant', MSAL_CLIENT_ID: 'client' };
  assert.throws(() => loadConfig({ ...entra, OIDC_CLIENT_SECRET: 's' }), /SESSION_SECRETS is required/);
  assert.throws(() => loadConfig({ ...entra, SESSION_SECRETS: 'x'.repeat(40) }), /OIDC_CLIENT_SECRET is required/);
  assert.throws(() => loadConfig({ ...entra, OIDC_CLIENT_SECRET: 's', SESSION_SECRETS: 'short' }), /at least 32/);
});

test('Entra ID settings give the v2.0 issuer; durations accept units', () => {
  const config = loadConfig({
    MSAL_TENANT_ID: '0000-tenant',
    MSAL_CLIENT_ID: 'client',
    OIDC_CLIENT_SECRET: 'secret',
    SESSION_MAX_AGE: '2h',
    SESSION_IDLE_TIMEOUT: '15m',
    PUBLIC_URL: 'https://docs.example.com',
  });
  assert.equal(config.auth.mode, 'oidc');
  if (config.auth.mode !== 'oidc') return;
  assert.equal(config.auth.issuer, 'https://login.microsoftonline.com/0000-tenant/v2.0');
  assert.equal(config.auth.clientId, 'client');
  assert.equal(config.auth.redirectUri, 'https://docs.example.com/auth/callback');
  assert.equal(config.auth.postLogoutRedirectUri, 'https://docs.example.com/Login/');
  assert.equal(config.auth.session.maxAge, 7200);
  assert.equal(config.auth.session.idleTimeout, 900);
  assert.equal(config.auth.session.secure, true, 'https: Secure cookies with the __Host- prefix');
  assert.throws(() => loadConfig({ SESSION_MAX_AGE: 'forever' }), /SESSION_MAX_AGE must be a duration/);
});

test('ENVIRONMENT is production or development exactly (any case); a near miss is refused, not development', () => {
  for (const spelling of ['Production', 'PRODUCTION', 'production ']) {
    assert.equal(
      loadConfig({
        ENVIRONMENT: spelling,
        SKIP_AUTHENTICATION: 'false',
        OIDC_ISSUER: 'https://idp.example',
        OIDC_CLIENT_ID: 'c',
        OIDC_CLIENT_SECRET: 's',
        SESSION_SECRETS: 'x'.repeat(40),
      }).environment,
      'production',
      spelling,
    );
  }
  for (const spelling of ['prod', 'Prod', 'staging', 'live', 'dev']) {
    assert.throws(
      () => loadConfig({ ENVIRONMENT: spelling }),
      (error: unknown) =>
        error instanceof ConfigError && /ENVIRONMENT must be "production" or "development"/.test(error.message),
      spelling,
    );
  }
  // `Production` with skipAuthentication is production, so it is refused (it used to start open).
  assert.throws(
    () => loadConfig({ ENVIRONMENT: 'Production', SKIP_AUTHENTICATION: 'true' }),
    /refused when ENVIRONMENT=production/,
  );
});

test('the embedded provider does not start on https or beyond loopback unless ALLOW_DEV_IDP=true', () => {
  assert.throws(
    () => loadConfig({ PUBLIC_URL: 'https://docs.example.com' }),
    /PUBLIC_URL is https.*ALLOW_DEV_IDP=true/,
  );
  assert.throws(() => loadConfig({ HOST: '0.0.0.0' }), /HOST is 0\.0\.0\.0, not a loopback address/);
  assert.throws(() => loadConfig({ HOST: '10.1.2.3' }), /not a loopback address/);
  for (const host of ['127.0.0.1', 'localhost', '::1']) assert.equal(loadConfig({ HOST: host }).host, host);
  const allowed = loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_IDP: 'true' });
  assert.ok(allowed.auth.mode === 'oidc' && allowed.auth.provider === 'embedded');
});

test('REDIS_URL must be a redis URL, and is not echoed (it may hold a password)', () => {
  assert.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl, 'redis://127.0.0.1:6379/0');
  assert.equal(loadConfig({}).redisUrl, null);
  assert.throws(
    () => loadConfig({ REDIS_URL: 'http://user:hunter2@cache' }),
    (error: unknown) => error instanceof ConfigError && !error.message.includes('hunter2'),
  );
});

test('TRUST_PROXY takes true/false, a hop count, or proxy addresses (Fastify trustProxy)', () => {
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
  assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.0/8' }).trustProxy, '10.0.0.5,10.0.0.0/8');
  assert.equal(loadConfig({ TRUST_PROXY: '::1' }).trustProxy, '::1');
  assert.throws(() => loadConfig({ TRUST_PROXY: 'sometimes' }), /TRUST_PROXY must be true or false/);
});
