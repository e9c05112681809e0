import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTimeCustomFields } from '../../../config/custom-fields';
import { loadRequestAccessUrl, loadRuntimeConfig } from '../runtime-config';

const silent = {
  errors: [] as unknown[][],
  error(...args: unknown[]) {
    this.errors.push(args);
  },
};
const fields = (env: Record<string, string>) =>
  buildTimeCustomFields({ MSAL_CLIENT_ID: 'build-client', REQUEST_ACCESS_URL: 'https://build.example/access', ...env });
const respond = (status: number, body: unknown) => async () => ({ ok: status < 400, status, json: async () => body });

test('CONF-02 CONF-06 outside production the build-time custom fields are used, without a request', async () => {
  let called = false;
  const config = await loadRuntimeConfig(fields({}), async () => {
    called = true;
    throw new Error('no');
  });
  assert.equal(called, false);
  assert.equal(config?.msalClientId, 'build-client');
  assert.equal(await loadRequestAccessUrl(fields({}), respond(500, {})), 'https://build.example/access');
});

test('CONF-02 in production the runtime config comes from /api/config', async () => {
  const urls: string[] = [];
  const config = await loadRuntimeConfig(fields({ ENVIRONMENT: 'production', PAGES_PREFIX: '/docs' }), async (url) => {
    urls.push(url);
    return { ok: true, status: 200, json: async () => ({ msalClientId: 'runtime-client', algoliaIndexName: 'idx' }) };
  });
  assert.deepEqual(urls, ['/docs/api/config']);
  assert.equal(config?.msalClientId, 'runtime-client');
  assert.equal(config?.msalTenantId, null);
});

test('CONF-03 a failed config fetch is logged and yields null', async () => {
  const logger = { ...silent, errors: [] as unknown[][] };
  assert.equal(await loadRuntimeConfig(fields({ ENVIRONMENT: 'production' }), respond(503, {}), logger), null);
  assert.equal(logger.errors.length, 1);
  const network = await loadRuntimeConfig(
    fields({ ENVIRONMENT: 'production' }),
    async () => {
      throw new TypeError('Failed to fetch');
    },
    logger,
  );
  assert.equal(network, null);
  assert.equal(logger.errors.length, 2);
});

test('CONF-04 CONF-05 request-access URL: runtime value in production, build-time value when the call is not OK', async () => {
  const prod = fields({ ENVIRONMENT: 'production' });
  assert.equal(
    await loadRequestAccessUrl(prod, respond(200, { requestAccessURL: 'https://run.example/a' })),
    'https://run.example/a',
  );
  const logger = { ...silent, errors: [] as unknown[][] };
  assert.equal(await loadRequestAccessUrl(prod, respond(404, {}), logger), 'https://build.example/access');
  assert.equal(logger.errors.length, 1);
});

test('CONF-06 the custom fields reject a malformed pages prefix or boolean', () => {
  assert.throws(() => buildTimeCustomFields({ PAGES_PREFIX: 'docs?' }), /PAGES_PREFIX/);
  assert.throws(() => buildTimeCustomFields({ SKIP_AUTHENTICATION: 'perhaps' }), /SKIP_AUTHENTICATION/);
  assert.equal(buildTimeCustomFields({ PAGES_PREFIX: '/docs/' }).pagesPrefix, '/docs');
});
