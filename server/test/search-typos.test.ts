import assert from 'node:assert/strict';
import { test } from 'node:test';
import SearchableMap from 'minisearch/SearchableMap';
import type { Posting } from '../src/search/engine/index-build.ts';
import { TypoLookup } from '../src/search/engine/typo-lookup.ts';

/**
 * The typo lookup replaces MiniSearch's fuzzyGet (typo-lookup.ts): the same terms for the same
 * word and edits, on a vocabulary with near neighbours, every length, repeated letters and
 * characters outside a-z.
 */
const VOCABULARY = [
  'publish',
  'published',
  'publishing',
  'polish',
  'punish',
  'public',
  'pub',
  'pubs',
  'configuration',
  'configurations',
  'configure',
  'configured',
  'environment',
  'environments',
  'authentication',
  'authenticate',
  'synchronisation',
  'synchronization',
  'centre',
  'center',
  'centres',
  'a',
  'ab',
  'abc',
  'aaaa',
  'aaab',
  'baaa',
  'café',
  'cafe',
  'naïve',
  'x2',
  'v8',
  'tql',
  'tlml',
  'tala',
  'talk',
  'tall',
  'flow',
  'flows',
  'follow',
  'widget',
  'widgets',
  'midget',
  'handover',
  'hand',
  'over',
  'intent',
  'intents',
  'indent',
];
const posting = (termId: number): Posting => ({ termId, ids: new Uint32Array(), attributes: new Uint16Array() });

test('the typo lookup finds exactly the terms the radix tree finds, for one and two edits', () => {
  const tree = new SearchableMap<Posting>();
  for (const [i, term] of VOCABULARY.entries()) tree.set(term, posting(i));
  const lookup = new TypoLookup(tree.entries());
  const words = [
    ...VOCABULARY,
    ...VOCABULARY.map((t) => t.slice(1)),
    ...VOCABULARY.map((t) => `${t}s`),
    ...VOCABULARY.map((t) => t.split('').reverse().join('')),
    'pubish',
    'confgiuration',
    'enviromnent',
    'authentcation',
    'synchronisato',
    'cnetre',
    'wdiget',
    '',
    'zzzz',
  ];
  let found = 0;
  for (const word of words) {
    for (const edits of [1, 2]) {
      const expected = [...tree.fuzzyGet(word, edits)].map(([t, [p]]) => [t, p.termId]).sort();
      const actual = [...lookup.within(word, edits)].map(([t, p]) => [t, p.termId]).sort();
      assert.deepEqual(actual, expected, `"${word}", ${edits} edits`);
      found += actual.length;
    }
  }
  assert.ok(found > 200, 'the words have neighbours to find');
});
