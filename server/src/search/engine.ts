import type { AccessLevel } from '@tala/policy';
import { Admission, type FilterGroups } from './engine/filters.ts';
import { buildIndex, type EngineIndex, type IndexData, indexFromData } from './engine/index-build.ts';
import { candidatesOf, MatchPool, matchUnit, relationOf, type TermRelation } from './engine/match.ts';
import { buildPageModel, FUSION_DEPTH, fuse, isQuestion, type PageModel, pageScores } from './engine/page-evidence.ts';
import { queryUnits } from './engine/query.ts';
import { MAX_QUERY_WORDS, MAX_RECORDS, type RankedHit, rank, wordWeights } from './engine/rank.ts';
import { QUESTION_RANKING, type RankingSettings } from './engine/ranking-settings.ts';
import type { SearchRecord, SynonymGroups } from './records.ts';

/**
 * The embedded search engine: DocSearch's ranking over the build's records, one hit per URL, for
 * the records a reader may open. Its parts, one idea each (engine/):
 *
 * - index-build.ts — terms with integer ids and typed-array postings, built once;
 * - filters.ts — which records a reader's roles and the request's facet filters admit (first);
 * - query.ts — the query's units: words and synonym phrases, stop words dropped;
 * - match.ts — per unit, the records it matches: exact, prefix, typos, other forms, synonyms;
 * - typo-lookup.ts — the terms within a word's typos (length buckets, letter sets, Levenshtein);
 * - rank.ts — Algolia's tie-breaking and custom ranking, lazily up to the page asked for;
 * - key-heap.ts — the candidates' sort keys in order, without sorting them all;
 * - proximity.ts — the costly criterion, computed only where the cheaper ones tie;
 * - page-evidence.ts — for questions, the first hits fused with a page-level BM25F ranking.
 *
 * Why not MiniSearch's `search()`: it scores every match with BM25 (5–40 ms on short prefixes of
 * this corpus), a score DocSearch's ranking throws away; only its radix tree is used (bench/search).
 */

export { FACETABLE, type FilterGroups, facetValue } from './engine/filters.ts';
export { attributeText, SEARCHABLE } from './engine/index-build.ts';
export type { TermRelation } from './engine/match.ts';
export { type Criteria, compareHits, type RankedHit } from './engine/rank.ts';
export { KEYWORD_RANKING, QUESTION_RANKING, type RankingSettings } from './engine/ranking-settings.ts';

export const MAX_QUERY_LENGTH = 64;

export interface EngineQuery {
  query: string;
  allowed: ReadonlySet<AccessLevel>;
  filters?: FilterGroups;
  /** How many hits (distinct URLs) the caller reads, best first; all when absent. */
  limit?: number;
}

export interface EngineResult {
  /** The query's words as indexed (folded, singular), for highlighting. */
  queryTerms: string[];
  /** The query's words as typed (lower case), for `matchedWords`. */
  queryWords: string[];
  /** Best record per URL, best first: the first `limit` of them. */
  hits: RankedHit[];
  /** How many distinct URLs match in all (Algolia's nbHits). */
  nbHits: number;
  /** For a document term: which query words it answers, and whether only as a prefix (until the next search). */
  relation: (docTerm: string) => readonly TermRelation[];
}

export class SearchEngine {
  readonly size: number;
  readonly #index: EngineIndex;
  readonly #admission: Admission;
  readonly #ranking: RankingSettings;
  readonly #pool: MatchPool;
  readonly #pages: PageModel;

  /**
   * `prepared`: the index data computed earlier from these same records (a corpus snapshot,
   * snapshot.ts); without it the index is built here, and `synonyms` go into it.
   */
  constructor(
    records: readonly SearchRecord[],
    synonyms: SynonymGroups = [],
    ranking = QUESTION_RANKING,
    prepared?: IndexData,
  ) {
    this.#ranking = ranking;
    if (records.length > MAX_RECORDS) throw new RangeError(`at most ${MAX_RECORDS} search records`);
    const own = [...records];
    this.size = own.length;
    this.#index = prepared ? indexFromData(own, prepared) : buildIndex(own, synonyms);
    this.#admission = new Admission(own);
    this.#pool = new MatchPool(own.length, this.#index.vocabulary);
    this.#pages = buildPageModel(own, this.#index.recordTerms);
  }

  search({ query, allowed, filters = [], limit = Number.POSITIVE_INFINITY }: EngineQuery): EngineResult {
    const { removeStopWords, wordForms, weighWords, optionalWordsFrom, correctKnownWordsBelow } = this.#ranking;
    const units = queryUnits(this.#index, query.slice(0, MAX_QUERY_LENGTH), {
      removeStopWords,
      maxUnits: MAX_QUERY_WORDS,
    });
    const admitted = this.#admission.mask(allowed, filters);
    this.#pool.releaseAll();
    const matching = { wordForms, correctKnownWords: units.length < correctKnownWordsBelow };
    const matches = units.map((unit, i) =>
      matchUnit(this.#index, unit, i === units.length - 1, admitted, matching, this.#pool),
    );
    const candidates = candidatesOf(matches, admitted, optionalWordsFrom, this.#pool);
    const weights = wordWeights(matches, this.size, weighWords);
    const queryTerms = units.map((unit) => unit.term ?? unit.words.join(' '));
    const fused = isQuestion(this.#ranking, units);
    const depth = fused ? Math.max(limit, FUSION_DEPTH) : limit;
    const { hits, nbHits } = rank(
      this.#index,
      candidates,
      matches,
      queryTerms,
      depth,
      weights,
      this.#pool.keys,
      this.#pool.groupKeys,
      this.#pool,
    );
    const head = fused
      ? fuse(this.#pages, hits.slice(0, FUSION_DEPTH), pageScores(this.#pages, matches, admitted))
      : hits;
    return {
      queryTerms,
      queryWords: units.map((unit) => unit.text),
      relation: relationOf(this.#index, matches),
      hits: (fused ? [...head, ...hits.slice(FUSION_DEPTH)] : hits).slice(0, limit),
      nbHits,
    };
  }
}
