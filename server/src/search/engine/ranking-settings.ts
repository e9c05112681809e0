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
  /**
   * Below this many (non-stop) query words, every word is corrected within its typos, as Algolia
   * does; from it on, only words the docs do not contain are, as a spelling checker would. A
   * question's words are the words the reader meant: correcting them matched unrelated ones
   * ("how long can a script run" also matched "log", a word of a thousand sections; "offline"
   * matched "online") and ranked those above the records with the reader's own words. Short
   * keyword queries keep full tolerance. Chosen on the tuning halves (bench/search): from 5 words
   * on, questions gain and keyword queries lose nothing; from 3 on, keyword queries lost one.
   * Infinity: always corrected (Algolia).
   */
  readonly correctKnownWordsBelow: number;
  /**
   * From optionalWordsFrom words on, the ranking's first hits are fused with a page-level BM25F
   * ranking of the same matches (page-evidence.ts). The embedded engine's addition: Algolia has
   * no page-level score, so in Algolia mode questions rank by the tie-breaking alone.
   */
  readonly pageEvidence: boolean;
}

export const QUESTION_RANKING: RankingSettings = Object.freeze({
  removeStopWords: true,
  wordForms: true,
  weighWords: false,
  optionalWordsFrom: 3,
  correctKnownWordsBelow: 5,
  pageEvidence: true,
});

export const KEYWORD_RANKING: RankingSettings = Object.freeze({
  removeStopWords: false,
  wordForms: false,
  weighWords: false,
  optionalWordsFrom: 0,
  correctKnownWordsBelow: Number.POSITIVE_INFINITY,
  pageEvidence: false,
});
