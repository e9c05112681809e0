import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SearchBusyError } from '../src/errors.ts';
import { SEARCH_LIMITS, SEARCH_RATE } from '../src/search/limits.ts';
import { startSearcher } from '../src/search/searcher.ts';
import { buildGate, makeBuildDir, READER } from './helper.ts';
import { fixtureRecords } from './search-fixtures.ts';

/** No body a reader can send makes the server work without bound, or answer 500. */
const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };
const URL_ = '/1/indexes/*/queries';

async function post(app: FastifyInstance, payload: string, contentType = 'application/json') {
  const response = await app.inject({ method: 'POST', url: URL_, headers: { 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
}
const body = (...requests: Record<string, unknown>[]) =>
  JSON.stringify({ requests: requests.map((r) => ({ indexName: 'tala-docs', ...r })) });

test('deeply nested JSON is a 400 in Algolia shape, never a 500, in every place a body carries JSON', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const cases: [string, string][] = [
    ['application/json', `{"requests":[{"indexName":"tala-docs","x":${deep}}]}`],
    ['text/plain', `{"requests":[{"indexName":"tala-docs","params":{"x":${deep}}}]}`],
    ['application/x-www-form-urlencoded', `{"requests":${deep}}`],
    ['application/json', body({ params: `query=a&facetFilters=${encodeURIComponent(deep)}` })],
  ];
  for (const [type, payload] of cases) {
    const { status, body: answer } = await post(app, payload, type);
    assert.equal(status, 400, `${type}: ${JSON.stringify(answer)}`);
    assert.equal(answer.status, 400);
    assert.match(String(answer.message), /nested deeper/);
  }
  // The same limit guards every JSON body of the app, not only search.
  const other = await app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { 'content-type': 'application/json' },
    payload: deep,
  });
  assert.equal(other.statusCode, 400);
});

test('a body asking for more hits than the per-call budget is refused before any ranking', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const heavy = { query: 'publish', hitsPerPage: SEARCH_LIMITS.hitsPerPage };
  const refused = await post(app, body(heavy, heavy));
  assert.equal(refused.status, 400);
  assert.match(String(refused.body.message), /asks for 2000 hits.*at most 1000 per call/);
  // Deep pages count as the hits ranked to reach them.
  const deepPage = await post(app, body({ query: 'publish', hitsPerPage: 500, page: 1 }, { query: 'x' }));
  assert.equal(deepPage.status, 400);
  // One query of Algolia's maximum page size is fine.
  assert.equal((await post(app, body(heavy))).status, 200);
});

test('queries per body, tag lengths, filter terms and facets are bounded', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const refusals: [Record<string, unknown>[], RegExp][] = [
    [
      Array.from({ length: SEARCH_LIMITS.queriesPerBody + 1 }, () => ({ query: 'a', hitsPerPage: 1 })),
      /at most 10 requests/,
    ],
    [[{ query: 'a', highlightPreTag: `<b class="${'x'.repeat(100)}">` }], /highlightPreTag: at most 64/],
    [[{ query: 'a', snippetEllipsisText: '…'.repeat(65) }], /snippetEllipsisText: at most 64/],
    [[{ query: 'a', facetFilters: Array.from({ length: 33 }, (_, i) => `lvl0:${i}`) }], /at most 32 terms/],
    [[{ query: 'a', facets: Array.from({ length: 9 }, (_, i) => `f${i}`) }], /facets: at most 8/],
    [[{ query: 'a', filters: `${'lvl0:a OR '.repeat(300)}lvl0:b` }], /filters: at most 2048/],
  ];
  for (const [requests, message] of refusals) {
    const { status, body: answer } = await post(app, body(...requests));
    assert.equal(status, 400, String(message));
    assert.match(String(answer.message), message);
  }
});

test("no hit past Algolia's pagination limit, whatever page is asked for", async (t) => {
  // 1,200 distinct pages that all match: positions past 1,000 exist, and must not be served.
  const [template] = fixtureRecords();
  const many = Array.from({ length: 1200 }, (_, i) => ({
    ...template,
    objectID: `r${i}`,
    url: `http://localhost:3000/page-${i}/`,
    url_without_anchor: `http://localhost:3000/page-${i}/`,
    weight: { pageRank: 0, level: 100, position: i },
  }));
  const app = await buildGate(t, { identity: READER, files: { '.search-records.json': JSON.stringify(many) } });
  const answer = async (page: number) => {
    const { status, body: response } = await post(app, body({ query: 'entities', hitsPerPage: 100, page }));
    assert.equal(status, 200);
    return (response.results as { hits: unknown[]; nbPages: number; nbHits: number }[])[0];
  };
  const last = await answer(9);
  assert.equal(last?.hits.length, 100, 'positions 900-999 are served');
  assert.equal(last?.nbHits, 1200);
  assert.equal(last?.nbPages, 10, 'pages stop at the limit');
  assert.deepEqual((await answer(10))?.hits, [], 'positions 1000-1099 are not');
});

test('a reader past the heavy-search budget gets 429 with Retry-After; light searches keep their own budget', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const heavy = body({ query: 'publish', hitsPerPage: 200 });
  for (let i = 0; i < SEARCH_RATE.heavyPerMinute; i++) assert.equal((await post(app, heavy)).status, 200, `heavy ${i}`);
  const limited = await post(app, heavy);
  assert.equal(limited.status, 429);
  assert.equal(limited.body.status, 429);
  assert.match(String(limited.body.message), /Too many requests/);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.equal((await post(app, body({ query: 'publish' }))).status, 200);
});

test('search ranks in worker threads; a full queue is refused at once, not queued without end', async (t) => {
  const buildDir = makeBuildDir(t, files);
  const searcher = await startSearcher(buildDir, 1);
  t.after(() => searcher.close());
  const task = { queries: [], allowed: [], origin: 'http://x' };
  // Submitted synchronously: nothing can finish in between, so the queue fills.
  const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => searcher.answer(task, 'one-reader')));
  const busy = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof SearchBusyError);
  assert.ok(busy.length > 0, 'some bodies must be refused');
  assert.ok(outcomes.some((o) => o.status === 'fulfilled' && o.value.body === '{"results":[]}'));
  assert.equal(busy.length + outcomes.filter((o) => o.status === 'fulfilled').length, 12);
});

test('a full search queue answers 503 with Retry-After in Algolia shape', async (t) => {
  const app = await buildGate(t, { identity: READER, files, env: { SEARCH_WORKERS: '1' } });
  const payload = body({ query: 'publish' });
  const answers = await Promise.all(Array.from({ length: 32 }, () => post(app, payload)));
  const shed = answers.filter((a) => a.status === 503);
  assert.ok(shed.length > 0);
  assert.equal(shed[0]?.headers['retry-after'], '1');
  assert.equal(shed[0]?.body.status, 503);
  assert.ok(answers.every((a) => a.status === 200 || a.status === 503));
});
