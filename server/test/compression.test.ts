/**
 * JSON answers are compressed for clients that accept it (search, /api, /mcp); pages and assets keep
 * the build's precompressed files and are never compressed again per request.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildGate, READER } from './helper.ts';
import { authorize, ENV } from './mcp-client.ts';
import { fixtureRecords } from './search-fixtures.ts';

const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };
const searchBody = JSON.stringify({
  requests: [{ indexName: 'tala-docs', query: 'publish', hitsPerPage: 20 }],
});

test('search answers are brotli or gzip as the client asks, and identical once decoded', async (t) => {
  const app = await buildGate(t, { identity: READER, files });
  const ask = (encoding: string) =>
    app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: { 'content-type': 'text/plain', 'accept-encoding': encoding },
      payload: searchBody,
    });
  const plain = await ask('identity');
  assert.equal(plain.statusCode, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.rawPayload.length > 1024, 'the fixture answer is over the threshold');
  const br = await ask('br, gzip');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.ok(
    br.rawPayload.length < plain.rawPayload.length / 2,
    `${br.rawPayload.length} vs ${plain.rawPayload.length}`,
  );
  const hits = (body: string) => (JSON.parse(body) as { results: { hits: unknown[] }[] }).results[0]?.hits;
  assert.deepEqual(hits(brotliDecompressSync(br.rawPayload).toString()), hits(plain.body));
  const gzip = await ask('gzip');
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.deepEqual(hits(gunzipSync(gzip.rawPayload).toString()), hits(plain.body));
});

test('MCP tool answers are compressed too', async (t) => {
  const app = await buildGate(t, { identity: READER, env: ENV });
  const { access_token } = await authorize(app);
  const response = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'accept-encoding': 'gzip',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      authorization: `Bearer ${access_token}`,
    },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'read_page', arguments: { url: '/studio/build/' } },
    },
  });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-encoding'], 'gzip');
  const answer = JSON.parse(gunzipSync(response.rawPayload).toString());
  assert.match(JSON.stringify(answer.result), /Build a solution/);
});

test("pages are the build's precompressed files, never compressed again per request", async (t) => {
  // The fixture's index.html has an index.html.gz beside it and no .br.
  const app = await buildGate(t, { identity: READER });
  const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gzip.statusCode, 200);
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  const brOnly = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
  assert.equal(brOnly.headers['content-encoding'], undefined, 'no .br file: sent as it is, not compressed here');
  assert.equal(brOnly.body, gunzipSync(gzip.rawPayload).toString());
  assert.ok(brOnly.rawPayload.length > 1024);
});
