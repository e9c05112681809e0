import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACCESS_LEVELS } from '@tala/policy';
import { KeyHeap } from '../src/search/engine/key-heap.ts';
import { compareHits, KEYWORD_RANKING, QUESTION_RANKING, SearchEngine } from '../src/search/engine.ts';
import type { SearchRecord } from '../src/search/records.ts';

/**
 * Ranking packs its criteria into numbers and takes them from a heap (rank.ts, key-heap.ts): the
 * order must still be the comparator's, ties in record order, whatever the page size asked for.
 */

/** A small deterministic generator (mulberry32): the same records on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('the heap gives back any keys in ascending order', () => {
  const next = random(7);
  for (const size of [0, 1, 2, 3, 17, 1000]) {
    const keys = Float64Array.from({ length: size }, (_, i) => Math.floor(next() * 50) * 1024 + i);
    const expected = [...keys].sort((a, b) => a - b);
    const heap = new KeyHeap(keys);
    const popped: number[] = [];
    for (let key = heap.pop(); key !== undefined; key = heap.pop()) popped.push(key);
    assert.deepEqual(popped, expected, `${size} keys`);
    assert.equal(heap.size, 0);
  }
});

const WORDS = ['publish', 'solution', 'version', 'roll', 'back', 'publishing', 'environment', 'staging'];

function corpus(count: number): SearchRecord[] {
  const next = random(42);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const content = Array.from({ length: 3 + Math.floor(next() * 6) }, pick).join(' ');
    const url = `/page-${Math.floor(i / 3)}/${i % 3 === 0 ? '' : `#s${i % 3}`}`;
    return {
      objectID: `r${i}`,
      type: 'content',
      hierarchy: { lvl0: 'Docs', lvl1: `${pick()} guide`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content,
      url,
      url_without_anchor: url.split('#')[0] as string,
      anchor: url.split('#')[1] ?? null,
      // Few distinct weights: many records tie on the whole custom ranking.
      weight: {
        pageRank: Math.floor(next() * 3),
        level: [0, 90, 100][Math.floor(next() * 3)] as number,
        position: Math.floor(next() * 4),
      },
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      access: 'reader',
    } satisfies SearchRecord;
  });
}

test('hits come in the comparator order, ties in record order, the same for any page size', () => {
  const records = corpus(600);
  const place = new Map(records.map((r, i) => [r.objectID, i]));
  const engine = new SearchEngine(records, [], KEYWORD_RANKING);
  const everyone = new Set(ACCESS_LEVELS);
  for (const query of ['publish', 'roll back', 'publish solution version', 'staging environment publish back', 'pub']) {
    const all = engine.search({ query, allowed: everyone }).hits;
    assert.ok(all.length > 20, `${query}: enough hits to order`);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1] as (typeof all)[number];
      const b = all[i] as (typeof all)[number];
      const order = compareHits(a, b);
      assert.ok(
        order < 0 ||
          (order === 0 && (place.get(a.record.objectID) as number) < (place.get(b.record.objectID) as number)),
        `${query}: hit ${i}`,
      );
    }
    assert.equal(new Set(all.map((h) => h.record.url)).size, all.length, `${query}: one hit per URL`);
    for (const limit of [1, 5, 20]) {
      const page = engine.search({ query, allowed: everyone, limit }).hits;
      assert.deepEqual(
        page.map((h) => h.record.objectID),
        all.slice(0, limit).map((h) => h.record.objectID),
        `${query}, ${limit} hits`,
      );
    }
  }
});

test('RANK-REACHABLE a question keys only the candidates that can reach its first hits: the same hits as keying all', () => {
  // A question's words are optional: most candidates match one or two of them (rank.ts, reachable).
  const engine = new SearchEngine(corpus(900), [], QUESTION_RANKING);
  const everyone = new Set(ACCESS_LEVELS);
  for (const query of [
    'publish solution version',
    'how do i roll back a publishing to staging',
    'staging environment publish back version',
    'roll back the solution version',
    'publishing staging environment',
  ]) {
    // No limit: every candidate keyed.
    const all = engine.search({ query, allowed: everyone });
    assert.ok(all.nbHits > 100, `${query}: many candidates`);
    for (const limit of [1, 3, 10, 20, 50, 60]) {
      const page = engine.search({ query, allowed: everyone, limit });
      assert.equal(page.nbHits, all.nbHits, `${query}: nbHits counts every candidate`);
      assert.deepEqual(
        page.hits.map((h) => [h.record.objectID, h.criteria]),
        all.hits.slice(0, limit).map((h) => [h.record.objectID, h.criteria]),
        `${query}, ${limit} hits`,
      );
    }
  }
});

/** Records that tie on words, typos and attribute (one text each), so a later criterion decides. */
function texts(...contents: string[]): SearchRecord[] {
  return contents.map((content, i) => ({
    objectID: `t${i}`,
    type: 'content',
    hierarchy: { lvl0: 'Docs', lvl1: 'Guide', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    url: `/guide/#t${i}`,
    url_without_anchor: '/guide/',
    anchor: `t${i}`,
    weight: { pageRank: 0, level: 0, position: i },
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    access: 'reader',
  }));
}
const order = (records: SearchRecord[], query: string, ranking = KEYWORD_RANKING) =>
  new SearchEngine(records, [], ranking)
    .search({ query, allowed: new Set(ACCESS_LEVELS) })
    .hits.map((h) => h.record.objectID);
const FAR = 'one two three four five six seven eight nine ten';

test('after words, typos and attribute: closer words first, then more other forms, then more exact words', () => {
  // Proximity: the words together beat the words far apart (and the record listed first).
  assert.deepEqual(order(texts(`roll ${FAR} back`, 'roll back now'), 'roll back'), ['t1', 't0']);
  // Forms (the portal's ranking: a question's words are optional, and one page leaves the page
  // evidence no say): "publish" found only as "publishing" does not count as a word, but it ranks
  // that record above one without it (words far apart: proximity ties at 8).
  assert.deepEqual(
    order(texts(`deploy ${FAR} now`, `deploy ${FAR} publishing ${FAR} now`), 'deploy publish now', QUESTION_RANKING),
    ['t1', 't0'],
  );
  // Exact: the last word typed in full beats the same word as a prefix of a longer one.
  assert.deepEqual(order(texts(`deploy ${FAR} publishing`, `deploy ${FAR} pub`), 'deploy pub'), ['t1', 't0']);
});

test('records equal on every criterion keep the custom ranking, then their order', () => {
  const records = texts('roll back', 'roll back', 'roll back', 'roll back');
  const set = (i: number, weight: SearchRecord['weight']) => {
    (records[i] as { weight: SearchRecord['weight'] }).weight = weight;
  };
  set(0, { pageRank: 1, level: 0, position: 5 });
  set(1, { pageRank: 1, level: 50, position: 9 });
  set(2, { pageRank: 2, level: 0, position: 9 });
  set(3, { pageRank: 1, level: 0, position: 5 });
  assert.deepEqual(order(records, 'roll back'), ['t2', 't1', 't0', 't3']);
});
