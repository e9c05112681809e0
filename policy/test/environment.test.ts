import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  BUILD_VARIABLES,
  DEV_IDP_VARIABLES,
  EnvironmentError,
  GATE_VARIABLES,
  PUSH_VARIABLES,
  readEnvironment,
  VARIABLES,
} from '../src/environment/index.ts';

test('values are converted to their kind: flags, durations (ms or bare seconds), URLs, lists, choices', () => {
  const vars = readEnvironment(
    {
      SKIP_AUTHENTICATION: 'Yes',
      ALLOW_DEV_IDP: 'off',
      SESSION_MAX_AGE: '90m',
      SESSION_IDLE_TIMEOUT: '1.5h',
      SESSION_ROLE_TTL: '3600',
      SHUTDOWN_TIMEOUT: '2 minutes',
      ALGOLIA_HOSTS: 'http://a.test, https://b.test/x ',
      SESSION_SECRETS: ' one ,, two ',
      ENVIRONMENT: 'PRODUCTION',
      PORT: '8080',
    },
    GATE_VARIABLES,
  );
  assert.equal(vars.SKIP_AUTHENTICATION, true);
  assert.equal(vars.ALLOW_DEV_IDP, false);
  assert.equal(vars.SESSION_MAX_AGE, 5400);
  assert.equal(vars.SESSION_IDLE_TIMEOUT, 5400);
  assert.equal(vars.SESSION_ROLE_TTL, 3600);
  assert.equal(vars.SHUTDOWN_TIMEOUT, 120);
  assert.deepEqual(vars.ALGOLIA_HOSTS, ['http://a.test/', 'https://b.test/x']);
  assert.deepEqual(vars.SESSION_SECRETS, ['one', 'two']);
  assert.equal(vars.ENVIRONMENT, 'production');
  assert.equal(vars.PORT, 8080);
});

test('unset and blank variables take the defaults; variables without one stay undefined', () => {
  const vars = readEnvironment({ PORT: '  ', LOG_LEVEL: '' }, GATE_VARIABLES);
  assert.equal(vars.PORT, 3000);
  assert.equal(vars.LOG_LEVEL, 'info');
  assert.equal(vars.SESSION_MAX_AGE, 8 * 3600);
  assert.equal(vars.SKIP_AUTHENTICATION, false);
  assert.equal(vars.REDIS_URL, undefined);
  assert.equal('BENCH_RUNS' in vars, false, 'only the named variables are read');
});

test('every wrong variable is reported at once, one sentence each, naming it and the expected kind', () => {
  const error = (() => {
    try {
      readEnvironment(
        { PORT: '70000', SESSION_MAX_AGE: '0s', ENVIRONMENT: 'prod', PUBLIC_URL: 'ftp://x' },
        GATE_VARIABLES,
      );
    } catch (caught) {
      return caught;
    }
    return null;
  })();
  assert.ok(error instanceof EnvironmentError);
  assert.deepEqual([...error.problems].sort(), [
    'ENVIRONMENT must be "production" or "development", got "prod".',
    'PORT must be a port number (0-65535), got "70000".',
    'PUBLIC_URL must be an absolute URL (http or https), got "ftp://x".',
    'SESSION_MAX_AGE must be a duration such as 3600, 90m, 8h or 1d, got "0s".',
  ]);
});

test('secrets are never echoed in an error', () => {
  const secret = 'http://user:s3cret-password@redis.internal:6379';
  assert.throws(
    () => readEnvironment({ REDIS_URL: secret }, GATE_VARIABLES),
    (error: unknown) =>
      error instanceof EnvironmentError &&
      /REDIS_URL must be a redis:/.test(error.message) &&
      !error.message.includes('s3cret'),
  );
  for (const [name, schema] of Object.entries(VARIABLES)) {
    if (/SECRET|API_KEY|REDIS_URL/.test(name)) assert.equal((schema as { writeOnly?: boolean }).writeOnly, true, name);
  }
});

test('docs/operations.md documents exactly the variables the programs read', () => {
  const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const start = operations.indexOf('\n## Configuration\n');
  const end = operations.indexOf('\n### Tests and benchmarks\n');
  assert.ok(start !== -1 && end > start, 'docs/operations.md has "## Configuration", then "### Tests and benchmarks"');
  const configuration = operations.slice(start, end);
  const documented = new Set(
    [...configuration.matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)*/gm)].flatMap((m) =>
      [...m[0].matchAll(/`([A-Z_]+)`/g)].map((n) => n[1]),
    ),
  );
  const read = new Set([...GATE_VARIABLES, ...BUILD_VARIABLES, ...PUSH_VARIABLES, ...DEV_IDP_VARIABLES]);
  assert.deepEqual(
    [...read].filter((name) => !documented.has(name)),
    [],
    'read but not documented',
  );
  assert.deepEqual(
    [...documented].filter((name) => !read.has(name as never)),
    [],
    'documented but not read',
  );
  assert.deepEqual(
    Object.keys(VARIABLES).filter((name) => !read.has(name as never)),
    [],
    'declared but read by no program',
  );
});
