import SearchableMap from 'minisearch/SearchableMap';
import { LEVELS, type Level, type SearchRecord, type SynonymGroups } from '../records.ts';
import { indexedTerms, term, words } from '../text.ts';

/**
 * The index, built once from the records. Terms get integer ids and postings are typed arrays
 * (record ids, attribute bit masks): a query over 15k records walks arrays, not objects. The term
 * dictionary is MiniSearch's radix tree, because exact, prefix and typo lookups are what it is
 * built for (see match.ts); MiniSearch's scoring is not used.
 */

/** The attributes searched, best first: bit i of an attribute mask is SEARCHABLE[i]. */
export const SEARCHABLE: readonly (Level | 'content')[] = [...LEVELS, 'content'];

export function attributeText(record: SearchRecord, field: Level | 'content'): string | null {
  return field === 'content' ? record.content : record.hierarchy[field];
}

/** Which records hold a term, and in which attributes (bit i = SEARCHABLE[i]). */
export interface Posting {
  termId: number;
  ids: Uint32Array;
  attributes: Uint8Array;
}

/**
 * A record's indexed words for proximity, attribute after attribute: term ids with their word
 * position inside the attribute (camelCase parts share their word's position).
 */
export interface RecordTerms {
  termIds: Uint32Array;
  positions: Uint32Array;
  /** Where each attribute's entries start; attribute a spans [starts[a], starts[a + 1]). */
  starts: Uint32Array;
}

export interface EngineIndex {
  records: readonly SearchRecord[];
  /** Term → posting: the dictionary every query word is looked up in. */
  terms: SearchableMap<Posting>;
  /** How many distinct terms (term ids run from 0 to vocabulary - 1). */
  vocabulary: number;
  /** Per record: its terms in order (proximity). */
  recordTerms: RecordTerms[];
  /** Per record and attribute: the attribute's term when it is a single word (exactOnSingleWordQuery). */
  singleWord: (string | null)[][];
  /** Per record, its URL's id: distinct keeps one record per URL. */
  urlIds: Uint32Array;
  urlCount: number;
  /** For a term, the other terms of its synonym groups. */
  synonyms: ReadonlyMap<string, ReadonlySet<string>>;
}

export function buildIndex(records: readonly SearchRecord[], synonyms: SynonymGroups): EngineIndex {
  const termIds = new Map<string, number>();
  const idOf = (t: string) => termIds.get(t) ?? termIds.set(t, termIds.size).size - 1;
  const postings: { ids: number[]; attributes: number[] }[] = [];
  const urls = new Map<string, number>();
  const urlIds = new Uint32Array(records.length);
  const recordTerms: RecordTerms[] = [];
  const singleWords: (string | null)[][] = [];
  records.forEach((record, id) => {
    urlIds[id] = urls.get(record.url) ?? urls.set(record.url, urls.size).size - 1;
    const perRecord = new Map<number, number>();
    const ids: number[] = [];
    const positions: number[] = [];
    const starts = new Uint32Array(SEARCHABLE.length + 1);
    const singleWord = SEARCHABLE.map((field, attribute) => {
      starts[attribute] = ids.length;
      const found = words(attributeText(record, field) ?? '');
      found.forEach((_, position) => {
        for (const t of indexedTerms(found, position)) {
          const termId = idOf(t);
          ids.push(termId);
          positions.push(position);
          perRecord.set(termId, (perRecord.get(termId) ?? 0) | (1 << attribute));
        }
      });
      return found.length === 1 ? term((found[0] as { text: string }).text) : null;
    });
    starts[SEARCHABLE.length] = ids.length;
    recordTerms.push({ termIds: Uint32Array.from(ids), positions: Uint32Array.from(positions), starts });
    singleWords.push(singleWord);
    for (const [termId, mask] of perRecord) {
      postings[termId] ??= { ids: [], attributes: [] };
      const posting = postings[termId];
      posting.ids.push(id);
      posting.attributes.push(mask);
    }
  });
  const terms = new SearchableMap<Posting>();
  for (const [t, termId] of termIds) {
    const { ids, attributes } = postings[termId] as { ids: number[]; attributes: number[] };
    terms.set(t, { termId, ids: Uint32Array.from(ids), attributes: Uint8Array.from(attributes) });
  }
  return {
    records,
    terms,
    vocabulary: termIds.size,
    recordTerms,
    singleWord: singleWords,
    urlIds,
    urlCount: urls.size,
    synonyms: synonymMap(synonyms),
  };
}

/** The writers' groups as a lookup: each term (indexed form) to the other terms of its groups. */
function synonymMap(groups: SynonymGroups): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const terms = group.map(term);
    for (const t of terms) {
      const others = map.get(t) ?? new Set<string>();
      for (const other of terms) if (other !== t) others.add(other);
      map.set(t, others);
    }
  }
  return map;
}
