/**
 * How the engine treats a reader's question: the index settings Algolia has for the same ideas,
 * so that `search:push` can give the Algolia index the same semantics (algolia/push.ts).
 * `QUESTION_RANKING` is the portal's; `KEYWORD_RANKING` is DocSearch's template as it was before
 * (bench/search prints both).
 */
export interface RankingSettings {
  /** Algolia `removeStopWords: ['en']`: "how", "do", "I", "a" are dropped when other words remain. */
  readonly removeStopWords: boolean;
  /**
   * Other forms of a query word ("publishing" for "publish"), through the Snowball stem: such a
   * match counts as a missing word for the words criterion, and a forms criterion after proximity
   * prefers it, so the exact form ranks first. Algolia
   * has only plurals (`ignorePlurals`); this is the embedded engine's addition.
   */
  readonly wordForms: boolean;
  /**
   * Among records matching as many words, those matching the rarer ones first (inverse document
   * frequency as the words criterion's tie-break).
   */
  readonly weighWords: boolean;
  /**
   * Algolia `optionalWords`: from this many (non-stop) query words on, records that lack some of
   * them are candidates too (ranked after those with more weight); below it, only when no record
   * has every word (`removeWordsIfNoResults: allOptional`). 0 turns the first part off.
   */
  readonly optionalWordsFrom: number;
}

export const QUESTION_RANKING: RankingSettings = Object.freeze({
  removeStopWords: true,
  wordForms: true,
  weighWords: false,
  optionalWordsFrom: 3,
});

export const KEYWORD_RANKING: RankingSettings = Object.freeze({
  removeStopWords: false,
  wordForms: false,
  weighWords: false,
  optionalWordsFrom: 0,
});
