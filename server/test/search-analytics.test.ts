import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseQuery } from '../src/search/analytics.ts';
import { readEvents, report, summarise } from '../src/search/analytics-report.ts';
import { buildGate, READER } from './helper.ts';
import { fixtureRecords } from './search-fixtures.ts';

const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };
const body = (queries: string[]) =>
  JSON.stringify({ requests: queries.map((query) => ({ indexName: 'tala-docs', query, hitsPerPage: 5 })) });

/** Every key anywhere in a parsed log line. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]) : [];

test('each search is logged as a structured event: normalised query and hit count, no reader, session or address', async (t) => {
  const logLines: string[] = [];
  const app = await buildGate(t, { identity: READER, files, logLines });
  const response = await app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { 'content-type': 'text/plain', cookie: 'irrelevant=1', 'x-forwarded-for': '203.0.113.9' },
    payload: body(['  Publish   ENVIRONMENT ', '', 'zzzqqq']),
  });
  assert.equal(response.statusCode, 200);
  const nbHits = (response.json() as { results: { nbHits: number }[] }).results.map((r) => r.nbHits);
  const events = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'search');
  assert.deepEqual(
    events.map((e) => e.search),
    [
      { query: 'publish environment', hits: nbHits[0] },
      { query: 'zzzqqq', hits: 0 },
    ],
  );
  assert.ok((nbHits[0] ?? 0) > 0);
  for (const event of events) {
    const keys = keysOf(event);
    for (const personal of ['req', 'reqId', 'remoteAddress', 'ip', 'sid', 'session', 'user', 'name', 'roles']) {
      assert.ok(!keys.includes(personal), `${personal} in ${JSON.stringify(event)}`);
    }
    assert.ok(!JSON.stringify(event).includes('203.0.113.9'));
    assert.ok(!JSON.stringify(event).includes(READER.name as string));
  }
});

test('POST /api/search-click logs the clicked position; anonymous or malformed beacons are refused', async (t) => {
  const logLines: string[] = [];
  const reader = await buildGate(t, { identity: READER, files, logLines });
  const click = (app: typeof reader, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/search-click',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  assert.equal((await click(reader, { query: 'Publish Environment', position: 2 })).statusCode, 204);
  assert.equal((await click(reader, { query: 'x', position: 0 })).statusCode, 400);
  // Anything else a beacon carries is dropped (Fastify's schema removes extra properties), never logged.
  assert.equal((await click(reader, { query: 'carousel', position: 1, user: 'ada' })).statusCode, 204);
  const anonymous = await buildGate(t, { identity: null, files });
  assert.equal((await click(anonymous, { query: 'x', position: 1 })).statusCode, 401);
  const clicks = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'search click');
  assert.deepEqual(
    clicks.map((c) => c.click),
    [
      { query: 'publish environment', position: 2 },
      { query: 'carousel', position: 1 },
    ],
  );
  assert.ok(!logLines.some((line) => line.includes('ada')));
});

test('search:report counts final queries (typing prefixes dropped), clicks, no-result and no-click queries', async () => {
  const at = (seconds: number) => 1_764_000_000_000 + seconds * 1000;
  const log = [
    { time: at(0), msg: 'search', search: { query: 'publ', hits: 40 } },
    { time: at(1), msg: 'search', search: { query: 'publish', hits: 42 } },
    { time: at(3), msg: 'search click', click: { query: 'publish', position: 2 } },
    { time: at(100), msg: 'search', search: { query: 'publish', hits: 42 } },
    { time: at(200), msg: 'search', search: { query: 'talk to a person', hits: 0 } },
    { time: at(300), msg: 'search', search: { query: 'widget colours', hits: 3 } },
    // Older than the week before the newest event: not counted.
    { time: at(-8 * 86_400), msg: 'search', search: { query: 'ancient', hits: 1 } },
  ].map((entry) => JSON.stringify(entry));
  async function* source() {
    yield* [...log, 'not json', '{"msg":"incoming request"}'];
  }
  const stats = summarise(await readEvents(source()), 7);
  assert.deepEqual(
    stats.map((s) => [s.query, s.searches, s.clicks]),
    [
      ['publish', 2, 1],
      ['talk to a person', 1, 0],
      ['widget colours', 1, 0],
    ],
  );
  const text = report(stats, null, { days: 7 });
  assert.match(text, /Searches in the last 7 days: 4 \(3 distinct queries\), 1 without results/);
  assert.match(text, /No results[^\n]*\n\s+1\s+talk to a person/);
  assert.match(text, /nobody opened one[^\n]*\n\s+1\s+widget colours/);
  assert.equal(normaliseQuery(' Ｗidget\tColours '), 'widget colours');
});
