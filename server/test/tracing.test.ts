import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, type TestContext, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { privateSpan } from '../src/ops/span-privacy.ts';
import { startTracing } from '../src/ops/tracing.ts';
import { type ReceivedSpan, startReceiver } from './otlp-receiver.ts';

/**
 * Tracing as a deployer turns it on (OTEL_EXPORTER_OTLP_ENDPOINT): spans reach an OTLP receiver,
 * continue the caller's trace, name classes and never paths or readers; log lines carry the request
 * id and the trace. Tracing starts before the gate's modules load, as in server.ts: helper.ts (and
 * with it app.ts, fastify, ioredis) is imported after. The receiver runs in this process, so its
 * own requests are traced too; every check below looks at the traces this test started.
 */
const receiver = await startReceiver();
const tracing = await startTracing(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }).tracing);
assert.ok(tracing, 'OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on');
const { buildGate, READER } = await import('./helper.ts');
const { modulesLoadedByGate } = await import('./modules-loaded.ts');
const { PORTAL_HOST, setCookies, signIn } = await import('./oidc-flow.ts');
const { findProgram, freePorts, Processes, redisPing, waitUntil } = await import('../../deploy/test/processes.ts');

const dir = mkdtempSync(path.join(tmpdir(), 'tala-tracing-'));
const processes = new Processes(dir);
let redisUrl = '';

before(async () => {
  const { redis: port } = await freePorts(['redis']);
  const program = findProgram('redis-server', 'REDIS_SERVER_PATH', ['/usr/bin/redis-server']);
  const args = ['--port', `${port}`, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  processes.start('redis', program, [...args, '--logfile', ''], { PATH: process.env.PATH ?? '' });
  await waitUntil('redis-server', () => redisPing(port), { processes, name: 'redis' });
  redisUrl = `redis://127.0.0.1:${port}`;
});
after(async () => {
  await tracing.shutdown();
  await receiver.close();
  await processes.stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A caller's trace: the `traceparent` header and the ids in it. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, traceparent: `00-${traceId}-${parentId}-01` };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The spans of `traceId` once `complete` holds for them: flushed, then polled with a deadline. */
async function spansOf(traceId: string, complete: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await tracing?.forceFlush();
    const spans = receiver.spans().filter((span) => span.traceId === traceId);
    if (complete(spans)) return spans;
    if (Date.now() > deadline) assert.fail(`trace ${traceId} incomplete: ${JSON.stringify(spans, null, 1)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** SPAN_KIND_SERVER in OTLP (the protobuf enum counts from UNSPECIFIED = 0, the API from INTERNAL). */
const SERVER = 2;
const isRedis = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'redis';

async function tracedGate(t: TestContext, options: Parameters<typeof buildGate>[1] = {}) {
  const app = await buildGate(t, { ...options, tracing });
  return { app, origin: await listen(app) };
}

test('a page, a search and their Redis calls are spans of the caller trace, exported over OTLP', async (t) => {
  const { origin } = await tracedGate(t, {
    identity: READER,
    env: { REDIS_URL: redisUrl },
    files: { '.search-records.json': '[]' },
  });
  const page = callerTrace();
  assert.equal((await fetch(`${origin}/studio/build/`, { headers: { traceparent: page.traceparent } })).status, 200);
  const search = callerTrace();
  const searched = await fetch(`${origin}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { traceparent: search.traceparent, 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: 'tala-docs', query: 'build' }] }),
  });
  assert.equal(searched.status, 200);

  const pageSpans = await spansOf(page.traceId, (spans) => spans.some((span) => span.kind === SERVER));
  const pageServer = pageSpans.find((span) => span.kind === SERVER);
  assert.equal(pageServer?.name, 'GET page');
  assert.equal(pageServer?.parentSpanId, page.parentId, 'the HTTP span continues the caller span');
  assert.equal(pageServer?.attributes['tala.route.class'], 'page');
  assert.equal(pageServer?.attributes['http.response.status_code'], 200);
  assert.ok(
    pageSpans.some((span) => span.attributes['fastify.root'] === '@fastify/otel'),
    'fastify request span',
  );

  // The search budget is counted in Redis: that command is a span of the search trace.
  const searchSpans = await spansOf(
    search.traceId,
    (spans) => spans.some((span) => span.kind === SERVER) && spans.some(isRedis),
  );
  assert.equal(searchSpans.find((span) => span.kind === SERVER)?.name, 'POST search');
  const redis = searchSpans.find(isRedis);
  assert.ok(redis?.attributes['db.operation.name'], 'the Redis command is named');
  assert.equal(redis?.attributes['db.query.text'], undefined, 'never its arguments: keys name readers and sessions');
});

test('no span carries a path, a query, a cookie or who the reader is', async (t) => {
  const { app, origin } = await tracedGate(t, {
    env: {
      OIDC_ISSUER: '',
      DEV_IDP_PORT: '0',
      PUBLIC_URL: `http://${PORTAL_HOST}`,
      SESSION_SECRETS: 'tracing-test-secret-tracing-test-0001',
      REDIS_URL: redisUrl,
    },
  });
  const cookies = setCookies((await signIn(app, 'reader@tala.example')).headers);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const caller = callerTrace();
  const read = await fetch(`${origin}/on-prem/some/secret-path/?q=secret`, {
    headers: { traceparent: caller.traceparent, cookie, authorization: 'Bearer secret-token' },
    redirect: 'manual',
  });
  assert.ok(read.status < 500, `answered ${read.status}`);
  // The session is checked against the revocations in Redis: a key that holds the session's id.
  const spans = await spansOf(
    caller.traceId,
    (found) => found.some((span) => span.kind === SERVER) && found.some(isRedis),
  );
  assert.equal(spans.find((span) => span.kind === SERVER)?.name, 'GET page');

  // Cleared cookies have an empty value: only the session's own count.
  const sessionValues = [...cookies.values()].filter((value) => value.length > 8);
  assert.ok(sessionValues.length > 0, 'signed in');
  const forbidden = ['secret', 'reader@tala.example', 'Riley', ...sessionValues];
  for (const span of receiver.spans()) {
    const texts = [span.name, ...Object.keys(span.attributes), ...Object.values(span.attributes).map(String)];
    for (const event of span.events) texts.push(event.name, ...Object.values(event.attributes).map(String));
    for (const text of texts) {
      for (const word of forbidden) assert.ok(!text.includes(word), `span "${span.name}" carries "${text}"`);
    }
    for (const key of Object.keys(span.attributes)) {
      assert.doesNotMatch(key, /^(url\.|http\.target|user\.|enduser\.|session|db\.query|db\.statement)/, key);
    }
  }
  // The bytes that left, whatever field they are in (resource, scope, links, status).
  const sent = Buffer.concat(receiver.bodies).toString('latin1');
  for (const word of [
    'secret-path',
    'q=secret',
    'secret-token',
    'reader@tala.example',
    'Riley Reader',
    ...sessionValues,
  ]) {
    assert.ok(!sent.includes(word), `the export holds "${word}"`);
  }
});

test('every log line of a request has its request id and trace; X-Request-Id is kept when safe', async (t) => {
  const lines: string[] = [];
  const { origin } = await tracedGate(t, { identity: READER, logLines: lines });
  lines.length = 0;
  const caller = callerTrace();
  const answer = await fetch(`${origin}/studio/build/`, {
    headers: { traceparent: caller.traceparent, 'x-request-id': 'lb-7f3a9c21' },
  });
  assert.equal(answer.headers.get('x-request-id'), 'lb-7f3a9c21');
  const unsafe = await fetch(`${origin}/studio/build/`, { headers: { 'x-request-id': 'forged" "level":60' } });
  const generated = unsafe.headers.get('x-request-id') ?? '';
  assert.match(generated, /^[0-9a-f-]{36}$/, 'an unsafe id is replaced by a new one');

  const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; msg: string });
  assert.ok(logged.length >= 4, lines.join('\n'));
  for (const line of logged) assert.ok(line.reqId === 'lb-7f3a9c21' || line.reqId === generated, JSON.stringify(line));
  const first = logged.filter((line) => line.reqId === 'lb-7f3a9c21');
  assert.ok(first.some((line) => line.msg === 'request completed'));
  for (const line of first) assert.equal(line.trace_id, caller.traceId, JSON.stringify(line));
  for (const line of logged) assert.match(line.trace_id ?? '', /^[0-9a-f]{32}$/, 'a new trace without traceparent');
});

test('tracing is on with an OTLP endpoint; OTEL_TRACES_SAMPLER[_ARG] choose the sampler as the SDK does', async () => {
  assert.equal(loadConfig({}).tracing, null, 'off by default');
  const base = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/otel' }).tracing;
  assert.deepEqual(base, {
    tracesUrl: 'http://collector:4318/otel/v1/traces',
    serviceName: 'tala-docs',
    sampler: 'parentbased_always_on',
    samplerRatio: 1,
  });
  const traces = loadConfig({
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/v1/traces',
    OTEL_SERVICE_NAME: 'docs-eu',
    OTEL_TRACES_SAMPLER: 'ParentBased_TraceIdRatio',
    OTEL_TRACES_SAMPLER_ARG: '0.25',
  }).tracing;
  assert.equal(traces?.tracesUrl, 'https://traces.example/v1/traces');
  assert.equal(traces?.serviceName, 'docs-eu');
  const { samplerOf } = await import('../src/ops/tracing-sdk.ts');
  assert.match(
    String(samplerOf(traces as NonNullable<typeof traces>)),
    /^ParentBased\{root=TraceIdRatioBased\{0\.25\}/,
  );
  assert.throws(
    () => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '2' }),
    /OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "2"/,
  );
  assert.throws(() => loadConfig({ OTEL_TRACES_SAMPLER: 'sometimes' }), /OTEL_TRACES_SAMPLER must be one of/);
});

test('privateSpan keeps classes, route patterns and commands; drops URLs, readers, statements, error texts', () => {
  const span = {
    name: 'GET /on-prem/some/secret-path/',
    kind: 1,
    spanContext: () => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 }),
    status: { code: 2, message: 'ENOENT /on-prem/some/secret-path/' },
    attributes: {
      'http.request.method': 'GET',
      'http.route': '/*',
      'http.response.status_code': 403,
      'tala.route.class': 'page',
      'url.full': 'http://portal/on-prem/some/secret-path/?q=secret',
      'url.path': '/on-prem/some/secret-path/',
      'url.query': 'q=secret',
      'http.target': '/on-prem/some/secret-path/?q=secret',
      'http.request.header.cookie': ['tala-session=secret'],
      'http.request.header.authorization': ['Bearer secret'],
      'enduser.id': 'reader@tala.example',
      'user.email': 'reader@tala.example',
      'user.roles': ['Documentation.Onprem'],
      'session.id': 'secret',
      'db.query.text': 'get tala:revoked:secret',
      'server.address': 'portal.secret.example',
      'client.address': '203.0.113.9',
      'user_agent.original': 'secret-agent',
    },
    events: [
      {
        name: 'exception',
        time: [0, 0],
        attributes: { 'exception.type': 'Error', 'exception.message': 'secret', 'exception.stacktrace': 'secret' },
      },
    ],
    links: [
      { context: { traceId: 'c'.repeat(32), spanId: 'd'.repeat(16), traceFlags: 1 }, attributes: { q: 'secret' } },
    ],
  } as unknown as Parameters<typeof privateSpan>[0];
  const kept = privateSpan(span);
  assert.equal(kept.name, 'GET page');
  assert.deepEqual(kept.attributes, {
    'http.request.method': 'GET',
    'http.route': '/*',
    'http.response.status_code': 403,
    'tala.route.class': 'page',
  });
  assert.deepEqual(kept.status, { code: 2 });
  assert.deepEqual(kept.events[0]?.attributes, { 'exception.type': 'Error' });
  assert.equal(kept.spanContext().traceId, 'a'.repeat(32));
  assert.doesNotMatch(JSON.stringify({ ...kept, links: kept.links }), /secret|reader@|203\.0/);
  assert.equal(privateSpan({ ...span, kind: 0, name: 'onRequest - gateRoutes' }).name, 'onRequest - gateRoutes');
});

// @opentelemetry/api is not among them: prom-client imports it (for exemplars) in any case, and
// without an SDK registered it is a no-op.
const OPENTELEMETRY =
  /\/node_modules\/(@opentelemetry\/(?!api\/)|@fastify\/otel\/|import-in-the-middle\/|require-in-the-middle\/)/;

test('without an OTLP endpoint the gate loads no OpenTelemetry module; with one it does', async (t) => {
  const off = await modulesLoadedByGate(t, {});
  assert.ok(
    off.some((url) => url.includes('/node_modules/fastify/')),
    'the spy sees the gate load',
  );
  assert.deepEqual(
    off.filter((url) => OPENTELEMETRY.test(url)),
    [],
  );
  const on = await modulesLoadedByGate(t, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  for (const name of ['@opentelemetry/sdk-trace/', '@fastify/otel/', 'import-in-the-middle/']) {
    assert.ok(
      on.some((url) => url.includes(`/node_modules/${name}`)),
      `${name} loaded with tracing on`,
    );
  }
});
