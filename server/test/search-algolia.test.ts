import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { algoliasearch } from 'algoliasearch';
import Fastify from 'fastify';
import { readGateEnvironment } from '../src/env.ts';
import { INDEX_SETTINGS, pushRecords } from '../src/search/algolia/push.ts';
import { restrictionsOf, securedKeyFor } from '../src/search/algolia/secured-keys.ts';
import { SEARCHABLE } from '../src/search/engine.ts';
import { parseRecords } from '../src/search/records.ts';
import { loadSearchSettings } from '../src/search/settings.ts';
import { buildGate, ONPREM_ADMIN, READER } from './helper.ts';
import { fixtureRecords } from './search-fixtures.ts';

const ALGOLIA_ENV = {
  SEARCH_BACKEND: 'algolia',
  ALGOLIA_APP_ID: 'APP123',
  ALGOLIA_SEARCH_API_KEY: 'parent-search-key',
};
const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };

test("secured keys match the official generateSecuredApiKey and carry the reader's access filter", () => {
  const settings = loadSearchSettings(readGateEnvironment(ALGOLIA_ENV));
  const now = Date.UTC(2026, 10, 21);
  const { apiKey, validUntil } = securedKeyFor(settings, ['public', 'reader'], now);
  const official = algoliasearch('APP123', 'parent-search-key').generateSecuredApiKey({
    parentApiKey: 'parent-search-key',
    restrictions: { filters: 'access:public OR access:reader', validUntil, restrictIndices: ['tala-docs'] },
  });
  assert.equal(apiKey, official);
  // Computed independently, as Algolia documents secured keys: base64(hex HMAC-SHA256 of the
  // restrictions query string, keyed with the parent key, followed by that query string).
  const query = `filters=access%3Apublic%20OR%20access%3Areader&restrictIndices=tala-docs&validUntil=${validUntil}`;
  const hmac = createHmac('sha256', 'parent-search-key').update(query).digest('hex');
  assert.equal(apiKey, Buffer.from(`${hmac}${query}`).toString('base64'));
  assert.equal(validUntil, now / 1000 + 3600, 'one hour by default');
  assert.equal(restrictionsOf(apiKey, 'parent-search-key', now)?.get('restrictIndices'), 'tala-docs');
  assert.equal(restrictionsOf(apiKey, 'another-key', now), null, 'signed by another key');
  assert.equal(restrictionsOf(apiKey, 'parent-search-key', (validUntil + 1) * 1000), null, 'expired');
});

test('SEARCH_BACKEND=algolia: /api/session gives each reader a secured key for their roles', async (t) => {
  const reader = await buildGate(t, { identity: READER, env: ALGOLIA_ENV });
  const admin = await buildGate(t, { identity: ONPREM_ADMIN, env: ALGOLIA_ENV });
  const filtersOf = async (app: typeof reader) => {
    const { search } = (await app.inject({ url: '/api/session' })).json();
    assert.equal(search.appId, 'APP123');
    assert.equal(search.hosts, null);
    assert.doesNotMatch(JSON.stringify(search), /parent-search-key/);
    return restrictionsOf(search.apiKey, 'parent-search-key')?.get('filters');
  };
  assert.equal(await filtersOf(reader), 'access:public OR access:reader');
  const csp = String((await reader.inject({ url: '/' })).headers['content-security-policy']);
  assert.match(csp, /connect-src 'self' https:\/\/app123-dsn\.algolia\.net https:\/\/app123-1\.algolianet\.com/);
  assert.equal(await filtersOf(admin), 'access:public OR access:reader OR access:onprem');
});

test('SEARCH_BACKEND=algolia refuses to start without its keys', () => {
  assert.throws(() => loadSearchSettings(readGateEnvironment({ SEARCH_BACKEND: 'algolia' })), /ALGOLIA_APP_ID/);
  assert.throws(
    () => loadSearchSettings(readGateEnvironment({ SEARCH_BACKEND: 'algolia', ALGOLIA_APP_ID: 'A' })),
    /ALGOLIA_SEARCH_API_KEY/,
  );
  assert.throws(() => loadSearchSettings(readGateEnvironment({ SEARCH_BACKEND: 'elastic' })), /SEARCH_BACKEND/);
});

test('the official client with custom hosts searches the embedded endpoint with a secured key, filtered by it', async (t) => {
  // The portal stands in for Algolia only when ALGOLIA_HOSTS names it (as the browser tests run it).
  const standIn = { ...ALGOLIA_ENV, PUBLIC_URL: 'http://portal.test', ALGOLIA_HOSTS: 'http://portal.test' };
  const app = await buildGate(t, { identity: null, files, env: standIn });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = new URL(address);
  const settings = loadSearchSettings(readGateEnvironment(ALGOLIA_ENV));
  const search = async (apiKey: string) => {
    const client = algoliasearch('APP123', apiKey, {
      hosts: [{ url: url.host, protocol: 'http', accept: 'readWrite' }],
    });
    const { results } = await client.search({ requests: [{ indexName: 'tala-docs', query: 'licence publish' }] });
    return JSON.stringify(results);
  };
  assert.doesNotMatch(await search(securedKeyFor(settings, ['public', 'reader']).apiKey), /on-prem/);
  assert.match(await search(securedKeyFor(settings, ['public', 'reader', 'onprem']).apiKey), /on-prem\/manager-guide/);
  await assert.rejects(search('not-a-secured-key'), /Invalid API key/);
});

test('in production (ALGOLIA_HOSTS not naming the portal) the endpoint ignores secured keys: a session or nothing', async (t) => {
  const app = await buildGate(t, { identity: null, files, env: ALGOLIA_ENV });
  const key = securedKeyFor(loadSearchSettings(readGateEnvironment(ALGOLIA_ENV)), [
    'public',
    'reader',
    'onprem',
  ]).apiKey;
  const res = await app.inject({
    method: 'POST',
    url: `/1/indexes/*/queries?x-algolia-api-key=${encodeURIComponent(key)}`,
    payload: { requests: [{ indexName: 'tala-docs', query: 'licence' }] },
  });
  assert.equal(res.statusCode, 401);
});

/**
 * Algolia's write API as search:push uses it (indices, batch, operation, settings, browse, synonyms,
 * tasks), in memory, with every call recorded.
 */
async function fakeAlgolia(t: import('node:test').TestContext) {
  const fake = Fastify();
  const calls: { method: string; url: string; body: any }[] = [];
  const indices = new Map<string, Map<string, any>>();
  let settings: any = null;
  const synonyms: { url?: string; body?: unknown } = {};
  fake.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body ? JSON.parse(String(body)) : {}),
  );
  const ok = () => ({ taskID: calls.length, updatedAt: new Date().toISOString() });
  fake.all('/*', async (request, reply) => {
    const body = (typeof request.body === 'string' ? JSON.parse(request.body || '{}') : request.body) as any;
    calls.push({ method: request.method, url: request.url, body });
    const path = request.url.split('?')[0] as string;
    const index = decodeURIComponent(path.split('/')[3] ?? '');
    const objects = () => indices.get(index) ?? indices.set(index, new Map()).get(index)!;
    if (path.endsWith('/synonyms/batch')) {
      Object.assign(synonyms, { url: request.url, body });
      return ok();
    }
    if (path.endsWith('/batch')) {
      for (const { action, body: object } of body.requests) {
        if (action === 'deleteObject') objects().delete(object.objectID);
        else objects().set(object.objectID, object);
      }
      return { taskID: calls.length, objectIDs: body.requests.map((r: any) => r.body.objectID) };
    }
    if (path.endsWith('/operation')) {
      if (body.operation === 'move') {
        indices.set(body.destination, indices.get(index) ?? new Map());
        indices.delete(index);
      }
      return ok();
    }
    if (path.endsWith('/settings')) {
      if (request.method === 'GET') {
        if (!indices.has(index)) return reply.code(404).send({ message: 'Index does not exist', status: 404 });
        return settings ?? {};
      }
      settings = body;
      objects();
      return ok();
    }
    if (path.endsWith('/browse')) {
      return { hits: [...objects().values()].map((o) => ({ objectID: o.objectID, tala_hash: o.tala_hash })) };
    }
    if (path.includes('/task/')) return { status: 'published', pendingTask: false };
    return ok();
  });
  t.after(() => fake.close());
  const address = await fake.listen({ host: '127.0.0.1', port: 0 });
  return { address, calls, indices, settings: () => settings, synonyms };
}

test('search:push fills a new Algolia index with the build records and the DocSearch settings (official client, custom host)', async (t) => {
  const algolia = await fakeAlgolia(t);
  const records = parseRecords(JSON.stringify(fixtureRecords()));
  const lines: string[] = [];
  const result = await pushRecords(
    records,
    {
      appId: 'APP123',
      adminApiKey: 'admin-key',
      indexName: 'tala-docs',
      origin: 'https://docs.tala.example',
      hosts: [algolia.address],
      log: (line) => lines.push(line),
    },
    [
      ['sync', 'synchronisation'],
      ['handover', 'talk to a human'],
    ],
  );
  assert.deepEqual(result, { records: records.length, mode: 'full', saved: records.length, deleted: 0, unchanged: 0 });
  assert.match(algolia.synonyms.url ?? '', /replaceExistingSynonyms=true/);
  assert.deepEqual(algolia.synonyms.body, [
    { objectID: 'tala-synonyms-1', type: 'synonym', synonyms: ['sync', 'synchronisation'] },
    // Algolia's regular synonyms take phrases as they are.
    { objectID: 'tala-synonyms-2', type: 'synonym', synonyms: ['handover', 'talk to a human'] },
  ]);
  const index = [...(algolia.indices.get('tala-docs')?.values() ?? [])];
  assert.equal(index.length, records.length, 'the index holds every record after the move');
  assert.ok(index.every((o) => o.url.startsWith('https://docs.tala.example/') && o.access && o.tala_hash));
  const settings = algolia.settings();
  assert.deepEqual(settings, INDEX_SETTINGS);
  assert.ok((INDEX_SETTINGS.attributesForFaceting ?? []).includes('filterOnly(access)'));
  // Both backends drop stop words from questions.
  assert.deepEqual([settings.removeStopWords, settings.queryLanguages], [['en'], ['en']]);
  assert.ok(
    algolia.calls.some((c) => c.url.includes('tala-docs_tmp_')),
    'written to a temporary index first',
  );
  assert.match(lines.join('\n'), /records replace index tala-docs/);
});

test('search:push then sends only what changed: an edited page, a removed record; nothing when nothing changed', async (t) => {
  const algolia = await fakeAlgolia(t);
  const options = {
    appId: 'APP123',
    adminApiKey: 'admin-key',
    indexName: 'tala-docs',
    origin: 'https://docs.tala.example',
    hosts: [algolia.address],
    log: () => {},
  };
  const records = parseRecords(JSON.stringify(fixtureRecords()));
  await pushRecords(records, options);
  const writes = () =>
    algolia.calls.filter((c) => /\/batch$/.test(c.url.split('?')[0] as string) && !c.url.includes('/synonyms/'));
  const before = writes().length;

  assert.deepEqual(await pushRecords(records, options), {
    records: records.length,
    mode: 'incremental',
    saved: 0,
    deleted: 0,
    unchanged: records.length,
  });
  assert.equal(writes().length, before, 'an unchanged build writes no record');

  // One page edited (every record of it), one record of another page gone.
  const page = records[0]?.url_without_anchor;
  const edited = records.map((r) =>
    r.url_without_anchor === page ? { ...r, content: `${r.content ?? ''} (edited)` } : r,
  );
  const removed = edited.find((r) => r.url_without_anchor !== page) as (typeof records)[number];
  const next = edited.filter((r) => r !== removed);
  const changed = records.filter((r) => r.url_without_anchor === page).length;
  const result = await pushRecords(next, options);
  assert.deepEqual(result, {
    records: next.length,
    mode: 'incremental',
    saved: changed,
    deleted: 1,
    unchanged: next.length - changed,
  });
  const index = algolia.indices.get('tala-docs') as Map<string, any>;
  assert.deepEqual([...index.keys()].sort(), next.map((r) => r.objectID).sort());
  assert.ok(
    [...index.values()]
      .filter((o) => o.url_without_anchor.endsWith(page as string))
      .every((o) => o.content.endsWith('(edited)')),
  );
  const sent = writes()
    .slice(before)
    .flatMap((c) => c.body.requests);
  assert.equal(sent.length, changed + 1, 'only the edited records and the deletion were sent');

  assert.equal(
    (await pushRecords(next, { ...options, full: true })).mode,
    'full',
    'SEARCH_PUSH_FULL replaces the index',
  );
});

test('the Algolia index searches the attributes the embedded engine searches, in the same order', () => {
  // hierarchy.lvlN is the engine's lvlN; keywords and content are named alike; unordered() or not.
  const attribute = (setting: string) => setting.replace(/^unordered\((.*)\)$/, '$1').replace(/^hierarchy\./, '');
  assert.deepEqual((INDEX_SETTINGS.searchableAttributes ?? []).map(attribute), [...SEARCHABLE]);
});
