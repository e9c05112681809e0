import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildGate, ONPREM_ADMIN, READER } from './helper.ts';
import { fixtureRecords } from './search-fixtures.ts';

const INDEX = 'tala-docs';
const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };

type Result = {
  hits: Record<string, any>[];
  nbHits: number;
  page: number;
  nbPages: number;
  query: string;
  facets?: Record<string, Record<string, number>>;
  queryID?: string;
};

async function search(app: FastifyInstance, requests: Record<string, unknown>[], contentType = 'text/plain') {
  const response = await app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries?x-algolia-api-key=portal-session&x-algolia-application-id=TALADOCS',
    headers: { 'content-type': contentType },
    payload: JSON.stringify({ requests: requests.map((r) => ({ indexName: INDEX, ...r })) }),
  });
  return {
    status: response.statusCode,
    body: response.json() as { results: Result[]; message?: string; status?: number },
  };
}

const urls = (result: Result) =>
  result.hits.map((h) => new URL(h.url as string).pathname + new URL(h.url as string).hash);

test('SRCH-25 a reader never receives an on-prem hit; an on-prem admin does', async (t) => {
  const reader = await buildGate(t, { identity: READER, files });
  const admin = await buildGate(t, { identity: ONPREM_ADMIN, files });
  for (const query of ['manager', 'licence', 'onprem canary', 'publish environment', 'rotate']) {
    const asReader = await search(reader, [{ query, facets: ['*'] }]);
    const raw = JSON.stringify(asReader.body);
    assert.ok(!raw.includes('on-prem') && !raw.includes('CANARY') && !raw.includes('docs-on-prem-current'), query);
  }
  const asAdmin = await search(admin, [{ query: 'licence' }]);
  assert.deepEqual(urls(asAdmin.body.results[0] as Result), ['/on-prem/manager-guide/#rotate-the-licence']);
  // nbHits and facets count only what the reader may open.
  const counted = await search(reader, [{ query: 'publish', facets: ['docusaurus_tag'] }]);
  assert.deepEqual(counted.body.results[0]?.facets, { docusaurus_tag: { 'docs-default-current': 2 } });
});

test('the endpoint answers 401 in Algolia shape without a session, and never serves the records file', async (t) => {
  const app = await buildGate(t, { identity: null, files });
  const { status, body } = await search(app, [{ query: 'entities' }]);
  assert.equal(status, 401);
  assert.equal(body.status, 401);
  assert.match(String(body.message), /Sign in/);
  const reader = await buildGate(t, { identity: READER, files });
  const file = await reader.inject({ url: '/.search-records.json' });
  assert.equal(file.statusCode, 404);
});

test('several queries per request, text/plain or JSON, answered in order with the query echoed and absolute URLs', async (t) => {
  const app = await buildGate(t, { identity: READER, files, env: { PUBLIC_URL: 'https://docs.tala.example' } });
  for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded']) {
    const { status, body } = await search(app, [{ query: 'entities' }, { query: 'tql' }, { query: 'zzzz' }], type);
    assert.equal(status, 200, type);
    assert.deepEqual(
      body.results.map((r) => r.query),
      ['entities', 'tql', 'zzzz'],
    );
    assert.equal(body.results[2]?.nbHits, 0);
    const hit = body.results[1]?.hits[0] as Record<string, any>;
    assert.equal(hit.url, 'https://docs.tala.example/reference/tala-programming/tql/#language-objects');
    assert.equal(hit.access, undefined, 'the access level stays on the server');
  }
});

test('v4-style params strings are read like flat parameters', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const { body } = await search(app, [
    { params: 'query=entities&hitsPerPage=1&facetFilters=%5B%22language%3Aen%22%5D&page=1' },
  ]);
  const result = body.results[0] as Result;
  assert.equal(result.query, 'entities');
  assert.equal(result.page, 1);
  assert.equal(result.hits.length, 1);
  assert.equal(result.nbPages, result.nbHits);
});

test('SRCH-06 ranking: exact title before typo, guide before generated index, one hit per URL', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const { body } = await search(app, [{ query: 'entities' }, { query: 'entites' }, { query: 'entit' }]);
  for (const result of body.results) {
    // Every record of the page holds "Entities" in lvl1: page rank puts the guide before the
    // generated category index, and level puts the page's lvl1 record before its sections.
    assert.deepEqual(urls(result).slice(0, 2), ['/studio/build/entities/', '/studio/build/entities/#create-an-entity']);
    assert.equal(new Set(urls(result)).size, urls(result).length);
  }
  const typo = await search(app, [{ query: 'publsh environment' }]);
  assert.equal(urls(typo.body.results[0] as Result)[0], '/studio/deploy/publish-environments/');
  // removeWordsIfNoResults allOptional: no record holds both words, the best partial match answers.
  const partial = await search(app, [{ query: 'entities xylophone' }]);
  assert.ok((partial.body.results[0]?.nbHits ?? 0) > 0);
});

test('SRCH-13 queries are cut at 64 characters', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const long = `${'x'.repeat(63)} entities`;
  const { body } = await search(app, [{ query: long }]);
  assert.equal(body.results[0]?.query, long, 'echoed as sent');
  assert.equal(body.results[0]?.nbHits, 0, 'the word after character 64 is not searched');
});

test('SRCH-20 facet filters on language and docusaurus_tag', async (t) => {
  const app = await buildGate(t, { identity: ONPREM_ADMIN, files });
  const { body } = await search(app, [
    { query: 'publish', facetFilters: [['docusaurus_tag:docs-on-prem-current'], 'language:en'] },
    { query: 'publish', facetFilters: ['language:fr'] },
    { query: 'publish', facetFilters: [['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']] },
  ]);
  assert.deepEqual(urls(body.results[0] as Result), ['/on-prem/manager-guide/#rotate-the-licence']);
  assert.equal(body.results[1]?.nbHits, 0);
  assert.ok(urls(body.results[2] as Result).every((u) => !u.startsWith('/on-prem/')));
});

test('SRCH-22 highlight and snippet as Algolia returns them, escaped, with the request tags', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const { body } = await search(app, [
    {
      query: 'order num',
      attributesToSnippet: ['content:5'],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      snippetEllipsisText: '…',
    },
  ]);
  const hit = body.results[0]?.hits[0] as Record<string, any>;
  assert.equal(hit.url, 'http://localhost:3000/studio/build/entities/#create-an-entity');
  assert.deepEqual(Object.keys(hit._highlightResult.hierarchy), ['lvl0', 'lvl1', 'lvl2'], 'no null levels');
  assert.equal(hit._highlightResult.hierarchy.lvl1.matchLevel, 'none');
  const content = hit._highlightResult.content;
  assert.equal(content.matchLevel, 'full');
  assert.deepEqual(content.matchedWords, ['order', 'num']);
  assert.match(content.value, /&lt;b&gt;<mark>order<\/mark>&lt;\/b&gt; <mark>num<\/mark>bers/);
  assert.equal(hit._snippetResult.content.value, '…or &lt;b&gt;<mark>order</mark>&lt;/b&gt; <mark>num</mark>bers.');
  // Index defaults (DocSearch template) when the request does not say.
  const defaults = await search(app, [{ query: 'tql' }]);
  const tql = defaults.body.results[0]?.hits[0] as Record<string, any>;
  assert.match(
    tql._highlightResult.hierarchy.lvl1.value,
    /^<span class="algolia-docsearch-suggestion--highlight">TQL<\/span>$/,
  );
  const snippetText = (tql._snippetResult.content.value as string).replace(/<[^>]+>/g, '');
  assert.equal(snippetText, 'TQL queries read the conversation logs of a solution; a', '10 words');
  // No ellipsis by default: the /search/ page appends "..." itself.
  assert.doesNotMatch(tql._snippetResult.content.value, /…/);
});

test('SRCH-21 hits per page 20 by default; paging and facets; clickAnalytics gives a queryID', async (t) => {
  const records = Array.from({ length: 45 }, (_, i) => ({
    ...fixtureRecords()[0],
    objectID: `r${i}`,
    url: `http://localhost:3000/studio/page-${i}/`,
    url_without_anchor: `http://localhost:3000/studio/page-${i}/`,
    weight: { pageRank: 0, level: 100, position: i },
  }));
  const app = await buildGate(t, { identity: READER, files: { '.search-records.json': JSON.stringify(records) } });
  const { body } = await search(app, [
    { query: 'entities', facets: ['language'] },
    { query: 'entities', page: 2, clickAnalytics: true },
    { query: 'entities', hitsPerPage: 0, facets: ['docusaurus_tag'] },
  ]);
  const [first, third, facetsOnly] = body.results as [Result, Result, Result];
  assert.equal(first.hits.length, 20);
  assert.equal(first.nbHits, 45);
  assert.equal(first.nbPages, 3);
  assert.deepEqual(first.facets, { language: { en: 45 } });
  assert.equal(third.hits.length, 5);
  assert.equal(new URL(third.hits[0]?.url).pathname, '/studio/page-40/');
  assert.match(String(third.queryID), /^[0-9a-f]{32}$/);
  assert.equal(facetsOnly.hits.length, 0);
  assert.deepEqual(facetsOnly.facets, { docusaurus_tag: { 'docs-default-current': 45 } });
});

test('bad requests get Algolia-shaped errors with a status, and the server keeps serving', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const cases: [string, string, number, RegExp][] = [
    ['{"requests":', 'text/plain', 400, /invalid JSON/],
    ['{"nope":[]}', 'application/json', 400, /requests/],
    [JSON.stringify({ requests: [{ indexName: 'other', query: 'a' }] }), 'text/plain', 404, /does not exist/],
    [JSON.stringify({ requests: [{ indexName: INDEX, hitsPerPage: -1 }] }), 'text/plain', 400, /hitsPerPage/],
    [
      JSON.stringify({ requests: [{ indexName: INDEX, facetFilters: ['language'] }] }),
      'text/plain',
      400,
      /facetFilters/,
    ],
    [JSON.stringify({ requests: [{ indexName: INDEX, filters: 'weight.level > 3' }] }), 'text/plain', 400, /filters/],
    [JSON.stringify({ requests: [{ indexName: INDEX, query: 'x'.repeat(70 * 1024) }] }), 'text/plain', 413, /./],
    ['query=a', 'image/png', 415, /./],
  ];
  for (const [payload, type, status, message] of cases) {
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: { 'content-type': type },
      payload,
    });
    assert.equal(response.statusCode, status, payload.slice(0, 40));
    const body = response.json();
    assert.equal(body.status, status);
    assert.match(body.message, message);
    assert.doesNotMatch(response.body, /at .*\.ts:\d+/, 'no stack trace');
  }
  const other = await app.inject({
    method: 'POST',
    url: '/1/indexes/tala-docs/queries',
    headers: { 'content-type': 'text/plain' },
    payload: '{}',
  });
  assert.equal(other.statusCode, 404);
  assert.equal((await search(app, [{ query: 'entities' }])).status, 200);
});

test('a build without search records still serves pages; search answers 503', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const { status, body } = await search(app, [{ query: 'entities' }]);
  assert.equal(status, 503);
  assert.match(String(body.message), /no search records/);
  assert.equal((await app.inject({ url: '/studio/build/' })).statusCode, 200);
});

test('an empty query lists every readable URL once, in custom-ranking order', async (t) => {
  const base = fixtureRecords()[0] as ReturnType<typeof fixtureRecords>[number];
  const at = (url: string, access: 'reader' | 'onprem', position: number) => ({
    ...base,
    objectID: `${url}#${position}`,
    url: `http://localhost:3000${url}`,
    url_without_anchor: `http://localhost:3000${url}`,
    access,
    weight: { pageRank: 0, level: 0, position },
  });
  // The on-prem record comes first, so that record positions and readable positions differ.
  const records = [
    at('/on-prem/x/', 'onprem', 0),
    at('/a/', 'reader', 1),
    at('/a/', 'reader', 2),
    at('/b/', 'reader', 3),
  ];
  const app = await buildGate(t, { identity: READER, files: { '.search-records.json': JSON.stringify(records) } });
  const { body } = await search(app, [{ query: '' }]);
  assert.deepEqual(urls(body.results[0] as Result), ['/a/', '/b/']);
  assert.equal(body.results[0]?.nbHits, 2);
});
