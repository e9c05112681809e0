import type { SearchRecord } from '../records.ts';
import { type EngineIndex, type RecordTerms, SEARCHABLE } from './index-build.ts';
import { KeyHeap } from './key-heap.ts';
import { FORM_MATCH, TAKEN, type WordMatches } from './match.ts';
import { MAX_PROXIMITY, proximity } from './proximity.ts';

/**
 * DocSearch's ranking: Algolia's tie-breaking over words, typo, attribute, proximity and exact
 * (with our forms criterion before exact),
 * then the records' custom ranking (page rank, level, position), one hit per URL (distinct).
 * Only as many hits as the request pages through are fully ranked: a task phrasing that falls
 * back to "any word" matches thousands of records, and proximity, the costly criterion, only
 * orders records that tie on the cheaper ones before it.
 */

/** Why a record ranks where it does: Algolia's ranking criteria, in order. */
export interface Criteria {
  /** How many query words the record matches (Algolia's `words` in _rankingInfo). */
  words: number;
  /** The words criterion as ranked: words matched as typed, within typos or as a prefix. */
  wordScore: number;
  /** Then: the matched words' weights by rarity (their count when unweighted). */
  weight: number;
  typos: number;
  attribute: number;
  proximity: number;
  /** Query words matched only in another form ("publishing" for "publish"). */
  forms: number;
  exact: number;
}

export interface RankedHit {
  record: SearchRecord;
  criteria: Criteria;
  /** For a question (page-evidence.ts): the hit's place in the tie-breaking and its page's by page score. */
  fusion?: { ranking: number; page: number };
}

/** Query words ranked at most; the packed sort key below counts on it. */
export const MAX_QUERY_WORDS = 16;
/** Room for the candidate index below the packed cheap criteria in a sort key (so: records < 2^20). */
const CANDIDATE_SLOTS = 2 ** 20;
export const MAX_RECORDS = CANDIDATE_SLOTS - 1;

export function compareHits(a: RankedHit, b: RankedHit): number {
  const x = a.criteria;
  const y = b.criteria;
  return (
    y.wordScore - x.wordScore ||
    y.weight - x.weight ||
    x.typos - y.typos ||
    x.attribute - y.attribute ||
    x.proximity - y.proximity ||
    y.forms - x.forms ||
    y.exact - x.exact ||
    b.record.weight.pageRank - a.record.weight.pageRank ||
    b.record.weight.level - a.record.weight.level ||
    a.record.weight.position - b.record.weight.position
  );
}

/**
 * Ranks lazily: the cheap criteria (words, typos, attribute) of every candidate order groups;
 * proximity, exact and the custom ranking are computed group by group, best group first, until
 * `limit` distinct URLs are found. The order is the same as ranking everything: a URL's best
 * record is its first record in that order (distinct), and later groups cannot overtake. With
 * `byCount` (candidatesOf's counts and a scratch array), only the candidates that can reach the
 * first `limit` URLs are keyed at all (reachable, below).
 */
export function rank(
  index: EngineIndex,
  candidates: Uint32Array,
  matches: readonly WordMatches[],
  queryTerms: readonly string[],
  limit: number,
  weights: readonly number[] = matches.map(() => 1),
  keyBuffer: Float64Array = new Float64Array(candidates.length),
  groupBuffer: Float64Array = new Float64Array(candidates.length),
  byCount?: { counts: Uint8Array; byCount: Uint32Array },
): { hits: RankedHit[]; nbHits: number } {
  const all = candidates;
  if (byCount) candidates = reachable(index, candidates, matches, limit, byCount.counts, byCount.byCount);
  // Candidates keyed by their cheap criteria packed in one number, with the candidate's index in
  // the low bits, and taken in order from a heap: no objects, and no sorting, for the thousands
  // that are never shown.
  const keys = keyBuffer.subarray(0, candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    keys[i] = cheapKey(candidates[i] as number, matches, weights) * CANDIDATE_SLOTS + i;
  }
  const seen = new Uint8Array(index.urlCount);
  let nbHits = 0;
  for (const id of all) {
    const url = index.urlIds[id] as number;
    if (seen[url]) continue;
    seen[url] = 1;
    nbHits++;
  }
  seen.fill(0);
  const hits: RankedHit[] = [];
  const heap = new KeyHeap(keys);
  let next = heap.pop();
  while (next !== undefined && hits.length < limit) {
    const groupKey = Math.floor(next / CANDIDATE_SLOTS);
    let size = 0;
    // The group's later criteria packed in one number with the record's custom-ranking place (which
    // names the record): a typed-array sort again. A query of short common words puts thousands of
    // records in one group; objects and a comparator for each were most of its time (profiled).
    for (; next !== undefined && Math.floor(next / CANDIDATE_SLOTS) === groupKey; next = heap.pop()) {
      const id = candidates[next % CANDIDATE_SLOTS] as number;
      groupBuffer[size++] =
        laterKey(index, id, matches, queryTerms) * CANDIDATE_SLOTS + (index.customRank[id] as number);
    }
    const group = groupBuffer.subarray(0, size);
    group.sort();
    const cheap = unpackCheap(groupKey);
    for (const key of group) {
      if (hits.length >= limit) break;
      const id = index.byCustomRank[key % CANDIDATE_SLOTS] as number;
      const url = index.urlIds[id] as number;
      if (seen[url]) continue;
      seen[url] = 1;
      const record = index.records[id] as SearchRecord;
      hits.push({ record, criteria: { words: wordsOf(id, matches), ...cheap, ...unpackLater(key / CANDIDATE_SLOTS) } });
    }
  }
  return { hits, nbHits };
}

/**
 * The candidates that can be among the first `limit` URLs, most matched units first. A record's
 * words criterion (units matched as typed, within typos or as a prefix: the first of the cheap
 * criteria) is at most its count of matched units. So once every candidate matching at least c
 * units is taken, every record with words ≥ c is among them, and the rest rank below all of
 * those; when those make `limit` distinct URLs, the rest cannot reach the first `limit`. A
 * question's words are optional, so its candidates are every record holding any of them: at
 * 319,000 records, tens of thousands, nearly all matching one or two words (profiled: keying them
 * all was the largest cost of a question).
 */
function reachable(
  index: EngineIndex,
  candidates: Uint32Array,
  matches: readonly WordMatches[],
  limit: number,
  counts: Uint8Array,
  byCount: Uint32Array,
): Uint32Array {
  if (matches.length < 2 || !(limit < candidates.length)) return candidates;
  // Counting sort by count, most first.
  const starts = new Uint32Array(MAX_QUERY_WORDS + 2);
  for (const id of candidates) (starts[MAX_QUERY_WORDS - ((counts[id] as number) & ~TAKEN) + 1] as number)++;
  for (let c = 1; c < starts.length; c++) starts[c] = (starts[c] as number) + (starts[c - 1] as number);
  const ends = starts.slice();
  for (const id of candidates) byCount[(ends[MAX_QUERY_WORDS - ((counts[id] as number) & ~TAKEN)] as number)++] = id;
  // Per URL the best words criterion taken so far (+1; 0: none), and how many URLs have each best.
  const best = new Uint8Array(index.urlCount);
  const urlsAt = new Uint32Array(MAX_QUERY_WORDS + 2);
  let taken = 0;
  let settled = false;
  for (let count = MAX_QUERY_WORDS; count >= 1 && !settled; count--) {
    const end = starts[MAX_QUERY_WORDS - count + 1] as number;
    for (; taken < end; taken++) {
      const id = byCount[taken] as number;
      const words = wordScoreOf(id, matches) + 1;
      const url = index.urlIds[id] as number;
      const was = best[url] as number;
      if (words <= was) continue;
      if (was > 0) urlsAt[was] = (urlsAt[was] as number) - 1;
      urlsAt[words] = (urlsAt[words] as number) + 1;
      best[url] = words;
    }
    // URLs whose best record has words ≥ count: settled ahead of every candidate not taken.
    let urls = 0;
    for (let words = count + 1; words < urlsAt.length; words++) urls += urlsAt[words] as number;
    settled = urls >= limit;
  }
  return byCount.subarray(0, taken);
}

/** The words criterion alone (see cheapKey). */
function wordScoreOf(id: number, matches: readonly WordMatches[]): number {
  let score = 0;
  for (const m of matches) if (countsAsWord(m.typos[id] as number)) score++;
  return score;
}

/**
 * Whether a word's match (its typos, or -1) counts for the words criterion: a word found only in
 * another form is ranked as missing there; the forms criterion (after proximity) prefers records
 * that have the other forms, so exact forms always rank first.
 */
const countsAsWord = (typos: number) => typos !== -1 && typos !== FORM_MATCH;

/**
 * Words, typos and attribute: cheap, known for every candidate. Attribute follows Algolia's
 * `attributeCriteriaComputedBy: sum` — each query word adds the rank of the best attribute it
 * matches, an unmatched word the worst rank plus one — so one word in a section name (lvl0) does
 * not lift a record whose other words sit in its text (measured in bench/search against
 * Algolia's other two strategies, best and minProximity: both ranked worse on both query sets).
 */
function cheapKey(id: number, matches: readonly WordMatches[], weights: readonly number[]): number {
  let wordScore = 0;
  let weight = 0;
  let typos = 0;
  let attribute = 0;
  for (let w = 0; w < matches.length; w++) {
    const m = matches[w] as WordMatches;
    const t = m.typos[id] as number;
    if (!countsAsWord(t)) {
      attribute += SEARCHABLE.length;
      continue;
    }
    wordScore++;
    weight += weights[w] as number;
    typos += t;
    attribute += lowestBit(m.attributes[id] as number);
  }
  return packCheap(wordScore, weight, typos, attribute);
}

/**
 * Proximity, forms and exact in one number that sorts like them (then the custom ranking, packed
 * below it by the caller): proximity ≤ 8 per word pair (< 128), forms and exact ≤ 16 words.
 */
function laterKey(
  index: EngineIndex,
  id: number,
  matches: readonly WordMatches[],
  queryTerms: readonly string[],
): number {
  let exact = 0;
  let forms = 0;
  let placed = 0;
  for (const m of matches) {
    exact += m.exact[id] as number;
    if (m.typos[id] === FORM_MATCH) forms++;
    if (m.attributes[id] !== 0) placed++;
  }
  // exactOnSingleWordQuery: attribute — one word is exact when a whole attribute is that word.
  if (queryTerms.length === 1)
    exact = (index.singleWord[id] as (string | null)[]).includes(queryTerms[0] as string) ? 1 : 0;
  // With fewer than two of the words in the record, every pair is as far as can be (no walk).
  const closeness =
    matches.length < 2
      ? 0
      : placed < 2
        ? MAX_PROXIMITY * (matches.length - 1)
        : proximity(index.recordTerms[id] as RecordTerms, id, matches);
  return (closeness * 32 + (MAX_QUERY_WORDS - forms)) * 32 + (MAX_QUERY_WORDS - exact);
}

const unpackLater = (packed: number): Pick<Criteria, 'proximity' | 'forms' | 'exact'> => {
  const key = Math.floor(packed);
  return {
    proximity: Math.floor(key / 1024),
    forms: MAX_QUERY_WORDS - (Math.floor(key / 32) % 32),
    exact: MAX_QUERY_WORDS - (key % 32),
  };
};

/** How many query words a record matches, in any form (Algolia's `words` in _rankingInfo). */
function wordsOf(id: number, matches: readonly WordMatches[]): number {
  let words = 0;
  for (const m of matches) if (m.typos[id] !== -1) words++;
  return words;
}

/** Most a word can weigh: 16 words of it still pack below (see packCheap). */
export const MAX_WORD_WEIGHT = 63;

/**
 * Each query word's weight, the words criterion's tie-break: 1 each (Algolia), or by rarity — a
 * word found in few records decides more than one found everywhere: ⌈log2(N / matched)⌉, ≥ 1.
 */
export function wordWeights(matches: readonly WordMatches[], size: number, weigh: boolean): number[] {
  return matches.map((m) => {
    if (!weigh) return 1;
    const matched = m.matched.length;
    return Math.min(MAX_WORD_WEIGHT, Math.max(1, Math.ceil(Math.log2(size / Math.max(1, matched)))));
  });
}

/**
 * The cheap criteria in one number that sorts like them: more words (≤ 16), then more weight
 * (≤ 1008: 63 per word), fewer typos (< 64: 2 per word at most), a lower attribute sum (< 256: 8
 * per word at most). Times the candidate slots it stays below 2^53.
 */
type Cheap = Pick<Criteria, 'wordScore' | 'weight' | 'typos' | 'attribute'>;
const MAX_SCORE = MAX_QUERY_WORDS;
const MAX_WEIGHT = MAX_QUERY_WORDS * MAX_WORD_WEIGHT;
const packCheap = (wordScore: number, weight: number, typos: number, attribute: number) =>
  (((MAX_SCORE - wordScore) * 1024 + (MAX_WEIGHT - weight)) * 64 + typos) * 256 + attribute;
const unpackCheap = (key: number): Cheap => ({
  wordScore: MAX_SCORE - Math.floor(key / (256 * 64 * 1024)),
  weight: MAX_WEIGHT - (Math.floor(key / (256 * 64)) % 1024),
  typos: Math.floor(key / 256) % 64,
  attribute: key % 256,
});

/** The best (lowest-numbered) attribute in a mask; none matched counts as one past the worst. */
const lowestBit = (mask: number) => (mask === 0 ? SEARCHABLE.length : 31 - Math.clz32(mask & -mask));
