import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Fastify from 'fastify';
import { FileCache } from '../src/access/file-cache.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-file-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: number) => writeFileSync(path.join(dir, name), 'x'.repeat(bytes));
write('page.html', 100);
write('page.html.br', 20);
write('page.html.gz', 30);
write('large.js', 300);
write('also-fits.css', 25);
write('br-only.txt.br', 10);
const NAMES = ['page.html', 'large.js', 'also-fits.css', 'br-only.txt', 'missing.html'];

/** What the cache answers for a file: the encoding it sent, or 'not cached' (the gate then streams it from disk). */
async function served(cache: FileCache, file: string, headers: Record<string, string> = {}) {
  const app = Fastify();
  app.get('/*', (request, reply) => {
    if (!cache.trySend(request, reply, file)) return reply.send('not cached');
  });
  const response = await app.inject({ url: '/', headers });
  await app.close();
  return response.body === 'not cached'
    ? 'not cached'
    : `${response.statusCode} ${response.headers['content-encoding'] ?? 'identity'} ${response.body.length}`;
}

test('FILE-CACHE the build files that fit are held in memory, each with its precompressed copies', async () => {
  const cache = await FileCache.load(dir, NAMES, { maxFileBytes: 200, maxTotalBytes: 1000 });
  assert.equal(cache.size, 2);
  assert.equal(await served(cache, 'page.html', { 'accept-encoding': 'br, gzip' }), '200 br 20');
  assert.equal(await served(cache, 'page.html', { 'accept-encoding': 'gzip' }), '200 gzip 30');
  assert.equal(await served(cache, 'page.html'), '200 identity 100');
  assert.equal(await served(cache, 'also-fits.css'), '200 identity 25');
  // Too large for memory, or without the original a client that accepts no encoding needs.
  assert.equal(await served(cache, 'large.js'), 'not cached');
  assert.equal(await served(cache, 'br-only.txt', { 'accept-encoding': 'br' }), 'not cached');
  assert.equal(await served(cache, 'missing.html'), 'not cached');
});

test('FILE-CACHE what fits the total is decided in the manifest order, whatever order the reads finish in', async () => {
  // page.html's three copies take 150 of 160 bytes; large.js (300) would not fit; also-fits.css (25) no longer does.
  const cache = await FileCache.load(dir, NAMES, { maxFileBytes: 1000, maxTotalBytes: 160 });
  assert.equal(cache.size, 1);
  assert.equal(await served(cache, 'page.html'), '200 identity 100');
  assert.equal(await served(cache, 'also-fits.css'), 'not cached');
  // With room for page.html and also-fits.css but not large.js, the later smaller file is kept.
  const later = await FileCache.load(dir, NAMES, { maxFileBytes: 1000, maxTotalBytes: 200 });
  assert.equal(later.size, 2);
  assert.equal(await served(later, 'also-fits.css'), '200 identity 25');
  assert.equal(await served(later, 'large.js'), 'not cached');
});

test('FILE-CACHE a cached file answers If-None-Match with 304', async () => {
  const cache = await FileCache.load(dir, ['page.html']);
  const app = Fastify();
  app.get('/*', (request, reply) => {
    cache.trySend(request, reply, 'page.html');
  });
  const first = await app.inject({ url: '/' });
  const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
  await app.close();
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
});
