import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Document } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch, { type Query as MiniSearchQuery } from 'minisearch';
import { MAX_QUERY_WORDS } from '../../server/src/search/engine/rank.ts';
import {
  MAX_QUERY_LENGTH,
  QUESTION_RANKING,
  type RankingSettings,
  SEARCHABLE,
  SearchEngine,
} from '../../server/src/search/engine.ts';
import type { SearchRecord, SynonymGroups } from '../../server/src/search/records.ts';
import {
  indexedTerms,
  isStopWord,
  stem,
  term,
  words as textWords,
  typosAllowed,
} from '../../server/src/search/text.ts';

/**
 * The engines bench/search compares on the same records. Each returns, for a query, the URLs of its
 * ranked hits (best first); the bench reduces them to pages. Configurations are each library's
 * documented defaults plus the nearest equivalent of DocSearch's behaviour where the library has
 * one (prefix on the last word, one typo), so the comparison is about ranking, not features; and
 * MiniSearch once more, tuned as a fair competitor (`minisearchTunable`), since defaults alone
 * cannot say whether an engine of our own still earns its place.
 */
export interface BenchEngine {
  name: string;
  search: (query: string) => Promise<string[]> | string[];
}

const ALL = new Set(['public', 'reader', 'onprem'] as const);
const LIMIT = 50;

type Flat = Record<(typeof SEARCHABLE)[number], string> & { id: number };
const flat = (records: readonly SearchRecord[]): Flat[] =>
  records.map((r, id) => ({
    id,
    lvl0: r.hierarchy.lvl0 ?? '',
    lvl1: r.hierarchy.lvl1 ?? '',
    lvl2: r.hierarchy.lvl2 ?? '',
    lvl3: r.hierarchy.lvl3 ?? '',
    lvl4: r.hierarchy.lvl4 ?? '',
    lvl5: r.hierarchy.lvl5 ?? '',
    lvl6: r.hierarchy.lvl6 ?? '',
    keywords: (r.keywords ?? []).join(', '),
    content: r.content ?? '',
  }));
const FIELDS = [...SEARCHABLE];
const words = (q: string) => q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function tala(
  records: readonly SearchRecord[],
  synonyms: SynonymGroups = [],
  ranking: RankingSettings = QUESTION_RANKING,
  name = synonyms.length > 0 ? 'tala' : 'tala without synonyms',
): BenchEngine {
  const engine = new SearchEngine(records, synonyms, ranking);
  return {
    name,
    search: (query) =>
      engine
        .search({ query, allowed: ALL, limit: LIMIT })
        .hits.slice(0, LIMIT)
        .map((h) => h.record.url),
  };
}

export function minisearchDefaults(records: readonly SearchRecord[]): BenchEngine {
  const index = new MiniSearch<Flat>({ fields: FIELDS, idField: 'id' });
  index.addAll(flat(records));
  return {
    name: 'MiniSearch (BM25, prefix+fuzzy 0.2)',
    search: (query) =>
      index
        .search(query, { prefix: true, fuzzy: 0.2 })
        .slice(0, LIMIT)
        .map((r) => (records[r.id as number] as SearchRecord).url),
  };
}

/**
 * MiniSearch configured as the strongest fair competitor we could make of it, not its defaults:
 * the portal's own words (text.ts: folding, plurals, camelCase parts, hyphenated pairs), its typo
 * budget (1 from 3 letters, 2 from 7, none on numbers; Levenshtein, so a transposition is 2),
 * prefix on the last word only, every word required with "any word" when that finds nothing (as
 * removeWordsIfNoResults: allOptional), the writers' synonyms as exact alternatives, one hit per
 * URL. What is left to BM25 is the order: field boosts, a document boost from page rank and level,
 * and the prefix/fuzzy weights, tuned by `tune-minisearch.ts` on the tuning set only.
 */
export interface MiniSearchTuning {
  /** Per searchable attribute; content is 1. */
  boost: Record<(typeof SEARCHABLE)[number], number>;
  /** Document boost = 1 + pageRank × this + level / 100 × `level`. */
  pageRank: number;
  level: number;
  /** MiniSearch's weights of fuzzy and prefix matches against an exact one (1). */
  weights: { fuzzy: number; prefix: number };
  /** BM25 parameters (MiniSearch's defaults: k 1.2, b 0.7, d 0.5). */
  bm25: { k: number; b: number; d: number };
}

/**
 * Chosen by tune-minisearch.ts on queries.json (the held-out set was not looked at): s@5 0.974, s@1
 * 0.897 there before pages had keywords. With them, the keywords boost was tried on the same set
 * (1 or 2: 0.974 / 0.872 / MRR 0.924; 4 and 6: s@1 0.859) and beats a fresh run of the tuner
 * (0.962 / 0.872 / 0.915: its descent starts elsewhere).
 */
export const MINISEARCH_TUNED: MiniSearchTuning = {
  boost: { lvl0: 6, lvl1: 6, lvl2: 6, lvl3: 4, lvl4: 4, lvl5: 4, lvl6: 4, keywords: 1, content: 1 },
  pageRank: 0.1,
  level: 1,
  weights: { fuzzy: 0.45, prefix: 0.5 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
};

/** Builds the index once; each tuning is a set of search options over it (the tuning script tries many). */
export function minisearchTunable(
  records: readonly SearchRecord[],
  synonyms: SynonymGroups = [],
  /**
   * As a strong competitor configures it for questions: Snowball stems indexed and queried
   * (the same stemmer as ours), the same stop words dropped, and every word optional from three
   * words on (BM25 then ranks the records with more and rarer words first).
   */
  questions = false,
): (tuning: MiniSearchTuning) => BenchEngine {
  const indexTerm = questions ? stem : (t: string) => t;
  const index = new MiniSearch<Flat>({
    fields: FIELDS,
    idField: 'id',
    // Indexed as the portal's engine indexes: every word under its terms (text.ts).
    tokenize: (text) => {
      const found = textWords(text);
      return found.flatMap((_, i) => indexedTerms(found, i));
    },
    processTerm: indexTerm,
  });
  index.addAll(flat(records));
  const others = new Map<string, string[]>();
  // The writers' synonyms: per term, the other words of its groups (matched exactly, as ours are).
  for (const group of synonyms) {
    for (const word of group) {
      const t = term(word);
      others.set(t, [...(others.get(t) ?? []), ...group.filter((w) => term(w) !== t)]);
    }
  }
  return (tuning) => {
    const options = {
      boost: tuning.boost,
      weights: tuning.weights,
      bm25: tuning.bm25,
      boostDocument: (id: number) => {
        const { pageRank, level } = (records[id] as SearchRecord).weight;
        return 1 + pageRank * tuning.pageRank + (level / 100) * tuning.level;
      },
      processTerm: (word: string) => indexTerm(term(word)),
      tokenize: (text: string) => textWords(text).map((w) => w.text),
    };
    return {
      name: questions
        ? 'MiniSearch tuned + stems, stop words, optional words'
        : 'MiniSearch tuned (our words, boosts, AND→OR)',
      search: (query) => {
        let typed = textWords(query.slice(0, MAX_QUERY_LENGTH)).map((w) => w.text.toLowerCase());
        if (questions && typed.some((w) => !isStopWord(w))) typed = typed.filter((w) => !isStopWord(w));
        typed = typed.slice(0, MAX_QUERY_WORDS);
        if (typed.length === 0) return [];
        // A query tree: nested queries inherit unset options from their parent, so each sets its own.
        const perWord = typed.map((word, i): MiniSearchQuery => {
          const own = { queries: [word], prefix: i === typed.length - 1, fuzzy: typosAllowed(term(word)) || false };
          const alternatives = others.get(term(word));
          if (!alternatives) return own;
          const exact = { queries: alternatives, combineWith: 'OR' as const, prefix: false, fuzzy: false };
          return { combineWith: 'OR', queries: [own, exact] };
        });
        const optional = questions && typed.length >= QUESTION_RANKING.optionalWordsFrom;
        let found = optional ? [] : index.search({ combineWith: 'AND', queries: perWord }, options);
        if (found.length === 0) found = index.search({ combineWith: 'OR', queries: perWord }, options);
        const urls = new Set<string>();
        for (const hit of found) {
          urls.add((records[hit.id as number] as SearchRecord).url);
          if (urls.size >= LIMIT) break;
        }
        return [...urls];
      },
    };
  };
}

export function flexsearch(records: readonly SearchRecord[]): BenchEngine {
  const index = new Document<Flat>({ document: { id: 'id', index: FIELDS }, tokenize: 'forward' });
  for (const doc of flat(records)) index.add(doc);
  return {
    name: 'FlexSearch (forward, fields in order)',
    search: (query) => {
      const seen = new Set<number>();
      for (const { result } of index.search(query, { limit: LIMIT }) as { field: string; result: number[] }[]) {
        for (const id of result) seen.add(id);
      }
      return [...seen].slice(0, LIMIT).map((id) => (records[id] as SearchRecord).url);
    },
  };
}

export function lunrEngine(records: readonly SearchRecord[]): BenchEngine {
  const docs = flat(records);
  const index = lunr(function build() {
    this.ref('id');
    for (const [i, field] of FIELDS.entries()) this.field(field, { boost: FIELDS.length - i });
    for (const doc of docs) this.add(doc);
  });
  return {
    name: 'lunr (field boosts, last word*, others~1)',
    search: (query) => {
      const terms = words(query);
      if (terms.length === 0) return [];
      const text = terms.map((t, i) => (i === terms.length - 1 ? `${t}*` : t.length > 3 ? `${t}~1` : t)).join(' ');
      return index
        .search(text)
        .slice(0, LIMIT)
        .map((r) => (records[Number(r.ref)] as SearchRecord).url);
    },
  };
}

export async function orama(records: readonly SearchRecord[]): Promise<BenchEngine> {
  const schema = Object.fromEntries(FIELDS.map((f) => [f, 'string'])) as Record<(typeof FIELDS)[number], 'string'>;
  const db = create({ schema: { ...schema, ref: 'number' } });
  await insertMultiple(
    db,
    flat(records).map(({ id, ...fields }) => ({ ...fields, ref: id })),
    1000,
  );
  return {
    name: 'Orama (BM25, tolerance 1)',
    search: async (query) => {
      const result = await oramaSearch(db, { term: query, tolerance: 1, limit: LIMIT });
      return result.hits.map((h) => (records[h.document.ref as number] as SearchRecord).url);
    },
  };
}
