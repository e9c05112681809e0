import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noteSearch, reportClick } from '../click-beacon';

test('a click beacon carries the query on screen and the position, nothing else, to {prefix}/api/search-click', () => {
  const sent: { url: string; body: string }[] = [];
  const send = (url: string, body: string) => {
    sent.push({ url, body });
  };
  noteSearch({ requests: [{ indexName: 'tala-docs', query: 'roll back a publish' }] });
  reportClick('/docs', 3, undefined, send);
  // The keyboard path knows the query from DocSearch's state.
  reportClick('', 1, 'carousel', send);
  // Nothing to report: no position, or no query.
  reportClick('', undefined, 'carousel', send);
  reportClick('', 2, '  ', send);
  assert.deepEqual(sent, [
    { url: '/docs/api/search-click', body: '{"query":"roll back a publish","position":3}' },
    { url: '/api/search-click', body: '{"query":"carousel","position":1}' },
  ]);
});
