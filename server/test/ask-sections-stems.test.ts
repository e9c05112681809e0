import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stemsOf } from '../src/ask/sections.ts';
import { isStopWord, stem, term, words, wordTexts } from '../src/search/text.ts';

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
