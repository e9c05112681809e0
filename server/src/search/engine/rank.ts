import type { SearchRecord } from '../records.ts';
import { type EngineIndex, type RecordTerms, SEARCHABLE } from './index-build.ts';
import { FORM_MATCH, type WordMatches } from './match.ts';
import { proximity } from './proximity.ts';

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
 * record is its first record in that order (distinct), and later groups cannot overtake.
 */
export function rank(
  index: EngineIndex,
  candidates: Uint32Array,
  matches: readonly WordMatches[],
  queryTerms: readonly string[],
  limit: number,
  weights: readonly number[] = matches.map(() => 1),
  keyBuffer: Float64Array = new Float64Array(candidates.length),
): { hits: RankedHit[]; nbHits: number } {
  // Candidates sorted by their cheap criteria packed in one number, with the candidate's index
  // in the low bits: a typed-array sort, no objects for the thousands that are never shown.
  const keys = keyBuffer.subarray(0, candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    keys[i] = cheapKey(candidates[i] as number, matches, weights) * CANDIDATE_SLOTS + i;
  }
  keys.sort();
  const seen = new Uint8Array(index.urlCount);
  let nbHits = 0;
  for (const id of candidates) {
    const url = index.urlIds[id] as number;
    if (seen[url]) continue;
    seen[url] = 1;
    nbHits++;
  }
  seen.fill(0);
  const hits: RankedHit[] = [];
  for (let start = 0; start < keys.length && hits.length < limit; ) {
    const groupKey = Math.floor((keys[start] as number) / CANDIDATE_SLOTS);
    const cheap = unpackCheap(groupKey);
    const group: (RankedHit & { id: number })[] = [];
    let end = start;
    for (; end < keys.length && Math.floor((keys[end] as number) / CANDIDATE_SLOTS) === groupKey; end++) {
      const id = candidates[(keys[end] as number) % CANDIDATE_SLOTS] as number;
      group.push({
        id,
        record: index.records[id] as SearchRecord,
        criteria: criteria(index, id, cheap, matches, queryTerms),
      });
    }
    group.sort(compareHits);
    for (const hit of group) {
      const url = index.urlIds[hit.id] as number;
      if (seen[url] || hits.length >= limit) continue;
      seen[url] = 1;
      hits.push({ record: hit.record, criteria: hit.criteria });
    }
    start = end;
  }
  return { hits, nbHits };
}

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
    // A word found only in another form is ranked as missing here; the forms criterion (after
    // proximity) prefers records that have the other forms, so exact forms always rank first.
    if (t === -1 || t === FORM_MATCH) {
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

function criteria(
  index: EngineIndex,
  id: number,
  cheap: Cheap,
  matches: readonly WordMatches[],
  queryTerms: readonly string[],
): Criteria {
  let exact = 0;
  if (queryTerms.length === 1) {
    // exactOnSingleWordQuery: attribute — one word is exact when a whole attribute is that word.
    exact = (index.singleWord[id] as (string | null)[]).includes(queryTerms[0] as string) ? 1 : 0;
  } else for (const m of matches) exact += m.exact[id] as number;
  let words = 0;
  let forms = 0;
  for (const m of matches) {
    if (m.typos[id] !== -1) words++;
    if (m.typos[id] === FORM_MATCH) forms++;
  }
  const closeness = matches.length > 1 ? proximity(index.recordTerms[id] as RecordTerms, id, matches) : 0;
  return { words, ...cheap, proximity: closeness, forms, exact };
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
    let matched = 0;
    for (let id = 0; id < m.typos.length; id++) if (m.typos[id] !== -1) matched++;
    return Math.min(MAX_WORD_WEIGHT, Math.max(1, Math.ceil(Math.log2(size / Math.max(1, matched)))));
  });
}

/**
 * The cheap criteria in one number that sorts like them: more words (≤ 16), then more weight (≤ 1008: 63 per word), fewer typos (< 64: 2 per word at most), a lower
 * attribute sum (< 256: 8 per word at most). Times the candidate slots it stays below 2^53.
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
