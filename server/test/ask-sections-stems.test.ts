import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildSections, stemsOf } from '../src/ask/sections.ts';
import { loadRecords, SEARCH_RECORDS_FILE } from '../src/search/records.ts';
import { isStopWord, stem, term, words, wordTexts } from '../src/search/text.ts';
import { fixtureRecords } from './search-fixtures.ts';

const TEXTS = [
  'How do I roll back a publish? It is not showing the published flows.',
  'Café résumé naïve — Ünïcödé words, and the same words again: café résumé.',
  'solutionId required · string · Id of the solution. Pattern: ^sol-[a-z0-9]+$',
  'drop-down menus, snake_case_names, camelCaseWords and 2024 numbers; I’m sure it doesn’t.',
  '',
];

test('ASK-STEMS the memoised stems are the words, stop words and stems computed one by one', () => {
  for (const text of [...TEXTS, ...TEXTS]) {
    assert.deepEqual(
      wordTexts(text),
      words(text).map((w) => w.text),
    );
    const direct = words(text).map((w) => w.text);
    assert.deepEqual(
      stemsOf(text),
      direct.filter((w) => !isStopWord(w)).map((w) => stem(term(w))),
      text,
    );
    assert.deepEqual(
      stemsOf(text, { skipStopWords: false }),
      direct.map((w) => stem(term(w))),
      text,
    );
  }
});

test('ASK-STEMS each section counts the stems of its title, heading (twice) and text, and the index how many sections hold each', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-sections-'));
  try {
    writeFileSync(path.join(dir, SEARCH_RECORDS_FILE), JSON.stringify(fixtureRecords()));
    const index = buildSections(await loadRecords(dir));
    assert.ok(index.count >= 5, `${index.count} sections`);
    const holding = new Map<string, number>();
    let total = 0;
    for (const section of index.byUrl.values()) {
      const all = stemsOf(`${section.title}\n${section.section ?? ''}\n${section.section ?? ''}\n${section.text}`);
      const counts = new Map<string, number>();
      for (const s of all) counts.set(s, (counts.get(s) ?? 0) + 1);
      assert.deepEqual(section.counts, counts, section.url);
      assert.equal(section.length, all.length, section.url);
      for (const s of counts.keys()) holding.set(s, (holding.get(s) ?? 0) + 1);
      total += all.length;
    }
    assert.deepEqual(index.sectionsWith, holding);
    assert.equal(index.meanLength, total / index.count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
