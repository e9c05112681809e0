import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/ops/logger.ts';
import { serveMetrics } from '../src/ops/metrics.ts';
import { buildGate, makeBuildDir, READER, runGateUntilListening } from './helper.ts';

/** Operations: what a team running several replicas needs from each one. */

test('/readyz reports each dependency and answers 503 while one is down; /healthz stays 200', async (t) => {
  // The helper's provider (https://idp.invalid) never answers discovery.
  const app = await buildGate(t, { identity: READER, files: { '.search-records.json': '[]' } });
  const ready = await app.inject('/readyz');
  assert.equal(ready.statusCode, 503);
  assert.deepEqual(ready.json(), { status: 'not ready', checks: { 'identity-provider': false, search: true } });
  assert.equal((await app.inject('/healthz')).statusCode, 200);
  const skip = await buildGate(t, { env: { SKIP_AUTHENTICATION: 'true' } });
  // No records in this build: the replica must not take readers' searches.
  assert.deepEqual((await skip.inject('/readyz')).json(), { status: 'not ready', checks: { search: false } });
  const complete = await buildGate(t, {
    env: { SKIP_AUTHENTICATION: 'true' },
    files: { '.search-records.json': '[]' },
  });
  assert.equal((await complete.inject('/readyz')).statusCode, 200);
});

test('/metrics counts requests, denials and searches by class, never by path or reader', async (t) => {
  const app = await buildGate(t, { identity: READER, files: { '.search-records.json': '[]' } });
  await app.inject('/studio/build/');
  await app.inject('/on-prem/overview/');
  await app.inject('/assets/js/onprem.fedcba98.js');
  await app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    payload: { requests: [{ indexName: 'tala-docs', query: 'x' }] },
  });
  const server = await serveMetrics(app.metrics, '127.0.0.1', 0);
  t.after(() => server.close());
  const { port } = server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  const text = await response.text();
  assert.match(text, /tala_http_requests_total\{class="page",status="200"\} 1/);
  assert.match(text, /tala_http_requests_total\{class="page",status="302"\} 1/);
  assert.match(text, /tala_access_denials_total\{status="403",level="onprem"\} 2/);
  assert.match(text, /tala_search_duration_seconds_count 1/);
  assert.match(text, /nodejs_eventloop_lag_seconds/);
  assert.ok(!text.includes('/studio') && !text.includes('Ada Reader'), 'no paths, no identities');
  assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
});

test('every log line of a request carries its request id, echoed in X-Request-Id; a safe incoming one is kept', async (t) => {
  const lines: string[] = [];
  const app = await buildGate(t, { identity: READER, logLines: lines });
  lines.length = 0;
  const kept = await app.inject({ url: '/studio/build/', headers: { 'x-request-id': 'edge-01HZX3K9' } });
  assert.equal(kept.headers['x-request-id'], 'edge-01HZX3K9');
  const ids = [String(kept.headers['x-request-id'])];
  for (const unsafe of ['a'.repeat(65), 'two words', 'x\u2028y', '']) {
    const answer = await app.inject({ url: '/studio/build/', headers: { 'x-request-id': unsafe } });
    assert.match(String(answer.headers['x-request-id']), /^[0-9a-f-]{36}$/, `"${unsafe}" is replaced`);
    ids.push(String(answer.headers['x-request-id']));
  }
  assert.equal(new Set(ids).size, ids.length, 'each request its own id');
  const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string });
  assert.ok(logged.length >= ids.length * 2, lines.join('\n'));
  for (const line of logged) {
    assert.ok(ids.includes(line.reqId ?? ''), JSON.stringify(line));
    assert.equal(line.trace_id, undefined, 'no trace without tracing');
  }
});

test('logs are JSON, or pino-pretty for a developer at a terminal; search keys in URLs are redacted', () => {
  const development = loadConfig({});
  const production = loadConfig({
    ENVIRONMENT: 'production',
    OIDC_ISSUER: 'https://idp.example',
    OIDC_CLIENT_ID: 'c',
    OIDC_CLIENT_SECRET: 's',
    SESSION_SECRETS: 'x'.repeat(40),
  });
  const pretty = (options: ReturnType<typeof loggerOptions>) =>
    typeof options === 'object' && options !== null && 'transport' in options;
  assert.equal(pretty(loggerOptions(development, true)), true);
  assert.equal(pretty(loggerOptions(development, false)), false);
  assert.equal(pretty(loggerOptions(production, true)), false);
  const options = loggerOptions(production, false) as { serializers: { req: (r: object) => { url: string } } };
  const logged = options.serializers.req({ method: 'POST', url: '/1/indexes/*/queries?x-algolia-api-key=SECRET&a=1' });
  assert.equal(logged.url, '/1/indexes/*/queries?x-algolia-api-key=[redacted]&a=1');
});

test('SIGTERM drains and exits 0 within SHUTDOWN_TIMEOUT; a start-up error is one line, no stack', async (t) => {
  const server = path.resolve(import.meta.dirname, '../src/server.ts');
  const buildDir = makeBuildDir(t, { '.search-records.json': '[]' });
  const { code, out } = await runGateUntilListening({
    ...process.env,
    PORT: '0',
    BUILD_DIR: buildDir,
    SKIP_AUTHENTICATION: 'true',
    SEARCH_WORKERS: '1',
    SHUTDOWN_TIMEOUT: '5',
  });
  assert.equal(code, 0);
  assert.match(out, /shutting down: draining in-flight requests/);

  const broken = spawn(process.execPath, [server], {
    env: { ...process.env, BUILD_DIR: buildDir, SKIP_AUTHENTICATION: 'true', ENVIRONMENT: 'prod' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  broken.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const [brokenCode] = await once(broken, 'exit');
  assert.equal(brokenCode, 1);
  // oidc-provider may warn about the Node.js version on import; ours is the last line, alone.
  assert.equal(
    err.trim().split('\n').at(-1),
    'tala-docs: ENVIRONMENT must be "production" or "development", got "prod".',
  );
  assert.doesNotMatch(err, /\s+at /, 'no stack trace');
});

test('a broken search records file stops the start-up with one line naming the problem, no stack', async (t) => {
  const server = path.resolve(import.meta.dirname, '../src/server.ts');
  for (const [records, message] of [
    ['{"not":"a list"}', /the records file does not hold an array/],
    ['[{"objectID":"x","url":"/a/","access":"everyone"}]', /access "everyone" is not an access level/],
    [
      '[{"objectID":"x","url":"/a/","access":"public","hierarchy":{},"keywords":"go live"}]',
      /record 0: keywords is not a list of strings/,
    ],
  ] as const) {
    const buildDir = makeBuildDir(t, { '.search-records.json': records });
    const child = spawn(process.execPath, [server], {
      env: { ...process.env, PORT: '0', BUILD_DIR: buildDir, SKIP_AUTHENTICATION: 'true', SEARCH_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    const last = err.trim().split('\n').at(-1) ?? '';
    assert.match(last, /^tala-docs: /);
    assert.match(last, message);
    assert.doesNotMatch(err, /\s+at /, 'no stack trace');
  }
});

test('a stalled event loop sheds new requests with 503 + Retry-After; probes still answer; it recovers', async (t) => {
  const app = await buildGate(t, { identity: READER, env: { SHED_EVENT_LOOP_DELAY_MS: '100' } });
  await app.ready();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
  const stall = () => {
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // a synchronous stall, as a runaway computation would cause
    }
  };
  let shed: Awaited<ReturnType<typeof app.inject>> | null = null;
  for (let attempt = 0; attempt < 20 && shed === null; attempt++) {
    stall();
    for (let i = 0; i < 30 && shed === null; i++) {
      await tick();
      const res = await app.inject('/studio/build/');
      if (res.statusCode === 503) shed = res;
      else assert.equal(res.statusCode, 200);
      if (shed) assert.equal((await app.inject('/healthz')).statusCode, 200, 'liveness is never shed');
    }
  }
  assert.ok(shed, 'a stalled loop sheds');
  assert.equal(shed.headers['retry-after'], '2');
  assert.deepEqual(shed.json(), { error: 'GATE_ERR_BUSY', message: 'The portal is busy. Try again in a moment.' });
  let recovered = false;
  for (let i = 0; i < 200 && !recovered; i++) {
    await tick();
    recovered = (await app.inject('/studio/build/')).statusCode === 200;
  }
  assert.ok(recovered, 'once the loop runs freely again, requests are served');
});
