/**
 * ROLE-05 for search rankings, over the real build's records: what a reader without the on-prem
 * role gets must not depend on the on-prem records at all — not on their words (typo correction),
 * not on their number or length (page evidence's BM25). The engine with every record must answer
 * this reader exactly as an engine that never saw the on-prem records.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SearchEngine } from '../src/search/engine.ts';
import { loadRecords, loadSynonyms } from '../src/search/records.ts';
import { words } from '../src/search/text.ts';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');

test('ROLE-05 search results for a reader without the on-prem role are those of an index without on-prem records', async () => {
  const records = await loadRecords(buildDir);
  const synonyms = await loadSynonyms(buildDir);
  const onprem = records.filter((r) => r.access === 'onprem');
  assert.ok(onprem.length > 100, 'the build has on-prem records');
  const everything = new SearchEngine(records, synonyms);
  const readable = new SearchEngine(
    records.filter((r) => r.access !== 'onprem'),
    synonyms,
  );
  const reader = new Set(['public', 'reader'] as const);
  // Questions mixing an on-prem page's words (title, a heading, its keywords) with public ones,
  // and its words alone: the ones where on-prem records would weigh in if they could.
  const questions = new Set<string>();
  for (const [i, record] of onprem.entries()) {
    if (i % 7 !== 0) continue;
    const own = [record.hierarchy.lvl1, record.hierarchy.lvl2, record.content, ...(record.keywords ?? [])]
      .flatMap((text) => words(text ?? '').map((w) => w.text.toLowerCase()))
      .filter((w) => w.length > 3);
    if (own.length < 2) continue;
    questions.add(`how do i ${own.slice(0, 5).join(' ')}`);
    questions.add(`${own.slice(0, 2).join(' ')} publish solution environment settings`);
    questions.add(own.slice(0, 6).join(' '));
  }
  assert.ok(questions.size > 50);
  const differ: string[] = [];
  for (const query of questions) {
    const a = everything.search({ query, allowed: reader, limit: 20 });
    const b = readable.search({ query, allowed: reader, limit: 20 });
    const urls = (r: typeof a) => r.hits.map((h) => h.record.url).join(' ');
    if (urls(a) !== urls(b) || a.nbHits !== b.nbHits) differ.push(query);
  }
  assert.deepEqual(differ, [], 'queries whose results change with records the reader cannot open');
});
