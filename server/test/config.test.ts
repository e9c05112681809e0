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
