import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Document } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import { SEARCHABLE, SearchEngine } from '../../server/src/search/engine.ts';
import type { SearchRecord, SynonymGroups } from '../../server/src/search/records.ts';

/**
 * The engines bench/search compares on the same records. Each returns, for a query, the URLs of its
 * ranked hits (best first); the bench reduces them to pages. Configurations are each library's
 * documented defaults plus the nearest equivalent of DocSearch's behaviour where the library has
 * one (prefix on the last word, one typo), so the comparison is about ranking, not features.
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
    content: r.content ?? '',
  }));
const FIELDS = [...SEARCHABLE];
const words = (q: string) => q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function tala(records: readonly SearchRecord[], synonyms: SynonymGroups = []): BenchEngine {
  const engine = new SearchEngine(records, synonyms);
  return {
    name: synonyms.length > 0 ? 'tala (DocSearch ranking)' : 'tala without synonyms',
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
