import type { SearchRecord } from '../records.ts';
import { isStopWord } from '../text.ts';
import { type Attribute, type AttributeMasks, type RecordTerms, SEARCHABLE } from './index-build.ts';
import type { WordMatches } from './match.ts';
import type { QueryUnit } from './query.ts';
import type { RankedHit } from './rank.ts';
import type { RankingSettings } from './ranking-settings.ts';

/**
 * A second opinion for questions: how much each *page* is about the query's words. The
 * tie-breaking ranking (rank.ts) judges one record at a time, so a question's words scattered over
 * a page's headings and paragraphs lose to one record elsewhere that happens to hold most of them
 * (a release note's one-line summary, an overview's list of links). This scores pages with BM25F
 * over the same per-record matches — the page title counted once, a section's own heading and
 * text where they are — and the final order fuses both rankings by reciprocal rank (Cormack,
 * Clarke and Büttcher, SIGIR 2009: k = 60, equal weights, no fitted parameters). It only reorders
 * the hits the ranking found, among the records the reader may open, so it adds no result and
 * reveals nothing. Embedded engine only: Algolia has no page-level score (ranking-settings.ts).
 */

/** How many distinct URLs the ranking hands to the fusion (the reader reads far fewer). */
export const FUSION_DEPTH = 50;
/** Reciprocal-rank fusion's constant (the paper's). */
const RRF_K = 60;
/**
 * BM25's saturation (the usual value) and length normalisation: 0.5 rather than the usual 0.75,
 * chosen on the tuning halves — 0.4 to 0.55 give questions s@1 52/65 and keyword queries 67/78,
 * 0.75 gives 51 and 66, 0.3 and 0.9 fewer. Full normalisation favours the short API operation
 * pages over the long guide that answers a task across its sections.
 */
const K1 = 1.2;
const B = 0.5;
/**
 * Per attribute: the page title weighs most, headings next, the section name, the text and the
 * writers' keywords least. Keywords at 1 chosen on the tuning halves (questions s@1: 0 → 0.71,
 * 1 → 0.77, 2 → 0.74, 4 → 0.74; keyword queries 0.83–0.85 throughout).
 */
const ATTRIBUTE_WEIGHT: Readonly<Record<Attribute, number>> = {
  lvl0: 1,
  lvl1: 4,
  lvl2: 2,
  lvl3: 2,
  lvl4: 2,
  lvl5: 2,
  lvl6: 2,
  keywords: 1,
  content: 1,
};
/** The summed weight of every attribute mask (bit i = SEARCHABLE[i]): one lookup per matched record. */
const MASK_WEIGHT = Float64Array.from({ length: 1 << SEARCHABLE.length }, (_, mask) =>
  SEARCHABLE.reduce((sum, attribute, a) => (mask & (1 << a) ? sum + ATTRIBUTE_WEIGHT[attribute] : sum), 0),
);
const bit = (attribute: Attribute) => 1 << SEARCHABLE.indexOf(attribute);

/**
 * Whether a query is fused: page evidence on, and as many words as make words optional (a
 * question or a task phrasing, not a title or a keyword), some of which carry meaning (stop
 * words alone say nothing about a page).
 */
export function isQuestion(settings: RankingSettings, units: readonly QueryUnit[]): boolean {
  const { pageEvidence, optionalWordsFrom } = settings;
  return (
    pageEvidence &&
    optionalWordsFrom > 0 &&
    units.length >= optionalWordsFrom &&
    units.some((unit) => unit.term === null || !isStopWord(unit.text))
  );
}

export interface PageModel {
  /** Per record: its page (URL without anchor). */
  pageOf: Uint32Array;
  /** A page's id by its URL without anchor. */
  pageIds: ReadonlyMap<string, number>;
  pageCount: number;
  /** Per page: its indexed words (BM25's length, over the average of the pages the reader may open). */
  lengths: Float64Array;
  /** Per admission mask: how many pages it opens and their average length (see collectionOf). */
  collections: WeakMap<Uint8Array, Collection>;
  /**
   * Per record: the attributes that are its own (bit i = SEARCHABLE[i]): a heading record's heading,
   * a text record's text, and for the page's title record the section and title. The headings a
   * record inherits are counted where they are a record's own, so each counts once per page.
   */
  ownAttributes: AttributeMasks;
}

export function buildPageModel(records: readonly SearchRecord[], recordTerms: readonly RecordTerms[]): PageModel {
  const pages = new Map<string, number>();
  const pageOf = new Uint32Array(records.length);
  const ownAttributes = new Uint16Array(records.length);
  const lengths: number[] = [];
  records.forEach((record, id) => {
    const key = record.url_without_anchor;
    const page = pages.get(key) ?? pages.set(key, pages.size).size - 1;
    pageOf[id] = page;
    const terms = recordTerms[id] as RecordTerms;
    lengths[page] = (lengths[page] ?? 0) + terms.termIds.length;
    ownAttributes[id] = ownOf(record.type);
  });
  return {
    pageOf,
    pageIds: pages,
    pageCount: pages.size,
    lengths: Float64Array.from(lengths),
    collections: new WeakMap(),
    ownAttributes,
  };
}

/** The pages a reader searches: BM25's collection size and average length. */
interface Collection {
  pageCount: number;
  averageLength: number;
}

/**
 * The collection of the pages an admission mask opens (cached: masks are kept per role set and
 * filters). Counted over all pages, BM25's idf and length norm would change with the on-prem
 * pages a reader cannot open, and so would the order of what they can.
 */
function collectionOf(model: PageModel, admitted: Uint8Array): Collection {
  let collection = model.collections.get(admitted);
  if (!collection) {
    const open = new Uint8Array(model.pageCount);
    for (let id = 0; id < admitted.length; id++) if (admitted[id]) open[model.pageOf[id] as number] = 1;
    let pageCount = 0;
    let total = 0;
    for (let page = 0; page < open.length; page++) {
      if (!open[page]) continue;
      pageCount++;
      total += model.lengths[page] as number;
    }
    collection = { pageCount, averageLength: Math.max(1, total / Math.max(1, pageCount)) };
    model.collections.set(admitted, collection);
  }
  return collection;
}

/** A record's own attributes: the title record owns the section, the title and the keywords. */
function ownOf(type: SearchRecord['type']): number {
  if (type === 'lvl1') return bit('lvl0') | bit('lvl1') | bit('keywords');
  return bit(type);
}

/**
 * Per page, its BM25F score for the query's words (pages without any of them: 0), over the
 * candidates: for a question every record that matches some word (words are optional), so each
 * word's own matched records are its candidates (the others add nothing).
 */
export function pageScores(model: PageModel, matches: readonly WordMatches[], admitted: Uint8Array): Float64Array {
  const { pageCount, averageLength } = collectionOf(model, admitted);
  const scores = new Float64Array(model.pageCount);
  const frequency = new Float64Array(model.pageCount);
  const touched: number[] = [];
  for (const m of matches) {
    touched.length = 0;
    for (let i = 0; i < m.matched.length; i++) {
      const id = m.matched[i] as number;
      const own = (m.attributes[id] as number) & (model.ownAttributes[id] as number);
      if (own === 0) continue;
      const page = model.pageOf[id] as number;
      if (frequency[page] === 0) touched.push(page);
      frequency[page] = (frequency[page] as number) + (MASK_WEIGHT[own] as number);
    }
    const df = touched.length;
    const idf = Math.log(1 + (pageCount - df + 0.5) / (df + 0.5));
    for (const page of touched) {
      const tf = frequency[page] as number;
      const norm = K1 * (1 - B + (B * (model.lengths[page] as number)) / averageLength);
      scores[page] = (scores[page] as number) + (idf * tf * (K1 + 1)) / (tf + norm);
      frequency[page] = 0;
    }
  }
  return scores;
}

/**
 * The hits in fused order: each hit's rank in the ranking and its page's rank among the hits'
 * pages by score, as 1/(k + rank) summed; ties keep the ranking's order.
 */
export function fuse(model: PageModel, hits: readonly RankedHit[], scores: Float64Array): RankedHit[] {
  const pageOf = (hit: RankedHit) => model.pageIds.get(hit.record.url_without_anchor) as number;
  const pages = [...new Set(hits.map(pageOf))].sort((a, b) => (scores[b] as number) - (scores[a] as number));
  const pageRank = new Map(pages.map((page, i) => [page, i + 1]));
  return hits
    .map((hit, i) => {
      const fusion = { ranking: i + 1, page: pageRank.get(pageOf(hit)) as number };
      return { hit: { ...hit, fusion }, i, fused: 1 / (RRF_K + fusion.ranking) + 1 / (RRF_K + fusion.page) };
    })
    .sort((a, b) => b.fused - a.fused || a.i - b.i)
    .map(({ hit }) => hit);
}
