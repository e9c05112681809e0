import type { AccessLevel } from '@tala/policy';
import { Admission, type FilterGroups } from './engine/filters.ts';
import { buildIndex, type EngineIndex } from './engine/index-build.ts';
import { candidatesOf, matchWord, relationOf, type TermRelation } from './engine/match.ts';
import { MAX_QUERY_WORDS, MAX_RECORDS, type RankedHit, rank } from './engine/rank.ts';
import type { SearchRecord, SynonymGroups } from './records.ts';
import { term, words } from './text.ts';

/**
 * The embedded search engine: DocSearch's ranking over the build's records, one hit per URL, for
 * the records a reader may open. Its parts, one idea each (engine/):
 *
 * - index-build.ts — terms with integer ids and typed-array postings, built once;
 * - filters.ts — which records a reader's roles and the request's facet filters admit (first);
 * - match.ts — per query word, the records it matches: exact, prefix, typos, synonyms;
 * - rank.ts — Algolia's tie-breaking and custom ranking, lazily up to the page asked for;
 * - proximity.ts — the costly criterion, computed only where the cheaper ones tie.
 *
 * Why not MiniSearch's `search()`: it scores every match with BM25 (5–40 ms on short prefixes of
 * this corpus), a score DocSearch's ranking throws away; only its radix tree is used (bench/search).
 */

export { FACETABLE, type FilterGroups, facetValue } from './engine/filters.ts';
export { attributeText, SEARCHABLE } from './engine/index-build.ts';
export type { TermRelation } from './engine/match.ts';
export { type Criteria, compareHits, type RankedHit } from './engine/rank.ts';

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
  /** For a document term: which query words it answers, and whether only as a prefix. */
  relation: (docTerm: string) => readonly TermRelation[];
}

export class SearchEngine {
  readonly size: number;
  readonly #index: EngineIndex;
  readonly #admission: Admission;

  constructor(records: readonly SearchRecord[], synonyms: SynonymGroups = []) {
    if (records.length > MAX_RECORDS) throw new RangeError(`at most ${MAX_RECORDS} search records`);
    const own = [...records];
    this.size = own.length;
    this.#index = buildIndex(own, synonyms);
    this.#admission = new Admission(own);
  }

  search({ query, allowed, filters = [], limit = Number.POSITIVE_INFINITY }: EngineQuery): EngineResult {
    const queryWords = words(query.slice(0, MAX_QUERY_LENGTH))
      .map((w) => w.text.toLowerCase())
      .slice(0, MAX_QUERY_WORDS);
    const queryTerms = queryWords.map(term);
    const relation = relationOf(queryTerms, (t) => this.#index.synonyms.get(t));
    const admitted = this.#admission.mask(allowed, filters);
    const matches = queryTerms.map((q, i) => matchWord(this.#index, q, i === queryTerms.length - 1, admitted));
    const candidates = candidatesOf(matches, admitted);
    return { queryTerms, queryWords, relation, ...rank(this.#index, candidates, matches, queryTerms, limit) };
  }
}
