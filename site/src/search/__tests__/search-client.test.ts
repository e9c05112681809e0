import assert from 'node:assert/strict';
import { test } from 'node:test';
import { debounceSearch, hostsFor } from '../search-client';

test('SRCH-18 searches are debounced: only the last call within the delay runs, every caller gets its answer', async () => {
  const sent: string[] = [];
  const search = debounceSearch(async (query: string) => {
    sent.push(query);
    return `results for ${query}`;
  }, 20);
  const answers = await Promise.all([search('c'), search('ca'), search('car')]);
  assert.deepEqual(sent, ['car']);
  assert.deepEqual(answers, ['results for car', 'results for car', 'results for car']);
  assert.equal(await search('carousel'), 'results for carousel');
  assert.deepEqual(sent, ['car', 'carousel']);
});

test('a failed search rejects every caller it answers for', async () => {
  const search = debounceSearch(async (_query: string) => {
    throw new Error('unreachable');
  }, 5);
  const results = await Promise.allSettled([search('a'), search('ab')]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
});

test('the portal itself is the search host unless the session names other hosts', () => {
  assert.deepEqual(hostsFor({ hosts: null }, { host: 'docs.example:8443', protocol: 'https:' }, '/docs'), [
    { url: 'docs.example:8443/docs', protocol: 'https', accept: 'readWrite' },
  ]);
  assert.deepEqual(hostsFor({ hosts: ['http://127.0.0.1:3200/'] }, { host: 'x', protocol: 'https:' }, ''), [
    { url: '127.0.0.1:3200', protocol: 'http', accept: 'readWrite' },
  ]);
});
