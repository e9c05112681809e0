import SearchableMap from 'minisearch/SearchableMap';
import { LEVELS, type Level, type SearchRecord, type SynonymGroups } from '../records.ts';
import { indexedTerms, stem, term, type Word, words } from '../text.ts';
import { TypoLookup } from './typo-lookup.ts';

/**
 * The index, built once from the records. Terms get integer ids and postings are typed arrays
 * (record ids, attribute bit masks): a query over 15k records walks arrays, not objects. The term
 * dictionary is MiniSearch's radix tree, for exact and prefix lookups (see match.ts); typos have
 * their own lookup (typo-lookup.ts); MiniSearch's scoring is not used.
 */

export type Attribute = Level | 'keywords' | 'content';

/**
 * The attributes searched, best first: bit i of an attribute mask is SEARCHABLE[i]. A page's
 * keywords rank last: what a page says (its headings, then its text) is the better evidence than
 * the phrases a writer listed for it, and the API operation pages list many (`x-keywords`). On the
 * tuning halves: keywords right after the title, questions s@1 0.71; after the headings, 0.77;
 * after the text, 0.78 (and keyword queries s@1 0.83 → 0.85 with the operations' keywords).
 */
export const SEARCHABLE: readonly Attribute[] = [...LEVELS, 'content', 'keywords'];
/** An attribute mask per record: one bit per attribute of SEARCHABLE. */
export type AttributeMasks = Uint16Array;

/** The text of a shown attribute (a heading or the content); keywords are matched, not shown. */
export function attributeText(record: SearchRecord, field: Level | 'content'): string | null {
  return field === 'content' ? record.content : record.hierarchy[field];
}

/**
 * An attribute's words with their positions. Keywords are separate phrases: each starts
 * PHRASE_SPACING words after the previous one ends, so that the end of one phrase and the start
 * of the next are never close (proximity counts 8 and more as far).
 */
const PHRASE_SPACING = 8;
function attributeWords(record: SearchRecord, field: Attribute): { found: Word[]; positions: number[] } {
  const phrases = field === 'keywords' ? (record.keywords ?? []) : [attributeText(record, field) ?? ''];
  const found: Word[] = [];
  const positions: number[] = [];
  let next = 0;
  for (const phrase of phrases) {
    const own = words(phrase);
    own.forEach((word, i) => {
      found.push(word);
      positions.push(next + i);
    });
    next += own.length + PHRASE_SPACING;
  }
  return { found, positions };
}

/** Which records hold a term, and in which attributes (bit i = SEARCHABLE[i]). */
export interface Posting {
  termId: number;
  ids: Uint32Array;
  attributes: AttributeMasks;
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

/**
 * The index as plain data: what buildIndexData computes from the records, and what a corpus
 * snapshot (search/snapshot.ts) keeps, so that a gate loads it instead of computing it again.
 */
export interface IndexData {
  /** Each term id's term (the highlighter turns a query's matched ids back into words). */
  termOfId: readonly string[];
  /** Each term id's posting. */
  postings: readonly Posting[];
  /** Per record: its terms in order (proximity). */
  recordTerms: RecordTerms[];
  /** Per record and attribute: the attribute's term when it is a single word (exactOnSingleWordQuery). */
  singleWord: (string | null)[][];
  /** Per record, its URL's id: distinct keeps one record per URL. */
  urlIds: Uint32Array;
  /**
   * Per record, its place in the custom ranking (page rank, level, position; then record order),
   * and the record at each place: ranking packs it into a number instead of comparing weights.
   */
  customRank: Uint32Array;
  byCustomRank: Uint32Array;
  urlCount: number;
  /** For a term, the other single-word entries of its synonym groups. */
  synonyms: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * For an entry of a synonym group (its terms joined by spaces: "handover", "talk to a human"),
   * the group's other entries as lists of terms; phrases are found in queries by this key.
   */
  synonymEntries: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The longest phrase entry, in words (the query parser looks no further). */
  longestPhrase: number;
  /** For a stem, the vocabulary's terms with that stem ("publish" → publish, publishing, published). */
  forms: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The index a query walks: the data, with its lookups made from the terms (cheap beside the data). */
export interface EngineIndex extends IndexData {
  records: readonly SearchRecord[];
  /** Term → posting: the dictionary every query word is looked up in (exact and prefix). */
  terms: SearchableMap<Posting>;
  /** The terms within a word's typos (typo-lookup.ts). */
  typos: TypoLookup;
  /** How many distinct terms (term ids run from 0 to vocabulary - 1). */
  vocabulary: number;
}

/** An attribute's indexed terms with their word positions, and its single word's term if it has one. */
interface AttributeTerms {
  termIds: number[];
  positions: number[];
  singleWord: string | null;
}

/**
 * At most this many attribute texts are remembered while the index is built: the records of a page
 * repeat its title and section headings, and pages repeat texts (a parameter's description, an error
 * table), so most attributes are tokenised once; the bound keeps a corpus of unique texts from
 * holding them all twice.
 */
const REMEMBERED_TEXTS = 100_000;

export function buildIndex(records: readonly SearchRecord[], synonyms: SynonymGroups): EngineIndex {
  return indexFromData(records, buildIndexData(records, synonyms));
}

/** The lookups over the terms (a radix tree and the typo buckets: about 1 % of building the data). */
export function indexFromData(records: readonly SearchRecord[], data: IndexData): EngineIndex {
  const terms = new SearchableMap<Posting>();
  data.postings.forEach((posting, termId) => {
    terms.set(data.termOfId[termId] as string, posting);
  });
  return { ...data, records, terms, typos: new TypoLookup(terms.entries()), vocabulary: data.termOfId.length };
}

export function buildIndexData(records: readonly SearchRecord[], synonyms: SynonymGroups): IndexData {
  const termIds = new Map<string, number>();
  const idOf = (t: string) => termIds.get(t) ?? termIds.set(t, termIds.size).size - 1;
  const remembered = new Map<string, AttributeTerms>();
  const termsOf = (record: SearchRecord, field: Attribute): AttributeTerms => {
    const key =
      field === 'keywords'
        ? `k\u0000${(record.keywords ?? []).join('\u0001')}`
        : `t\u0000${attributeText(record, field) ?? ''}`;
    const known = remembered.get(key);
    if (known) return known;
    const { found, positions: at } = attributeWords(record, field);
    const own: AttributeTerms = { termIds: [], positions: [], singleWord: null };
    found.forEach((_, i) => {
      // A phrase's last word does not join the next phrase's first (indexedTerms reads found[i + 1]).
      const joined = at[i + 1] === (at[i] as number) + 1 ? found : found.slice(0, i + 1);
      for (const t of indexedTerms(joined, i)) {
        own.termIds.push(idOf(t));
        own.positions.push(at[i] as number);
      }
    });
    if (field !== 'keywords' && found.length === 1) own.singleWord = term((found[0] as { text: string }).text);
    if (remembered.size < REMEMBERED_TEXTS) remembered.set(key, own);
    return own;
  };
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
      const own = termsOf(record, field);
      own.termIds.forEach((termId, i) => {
        ids.push(termId);
        positions.push(own.positions[i] as number);
        perRecord.set(termId, (perRecord.get(termId) ?? 0) | (1 << attribute));
      });
      return own.singleWord;
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
  const termOfId = [...termIds.keys()];
  return {
    termOfId,
    postings: termOfId.map((_, termId) => {
      const { ids, attributes } = postings[termId] as { ids: number[]; attributes: number[] };
      return { termId, ids: Uint32Array.from(ids), attributes: Uint16Array.from(attributes) };
    }),
    recordTerms,
    singleWord: singleWords,
    urlIds,
    urlCount: urls.size,
    ...customRanking(records),
    synonyms: synonymMap(synonyms),
    ...synonymEntries(synonyms),
    forms: formsOf(termOfId),
  };
}

/** DocSearch's customRanking: desc(pageRank), desc(level), asc(position); ties in record order. */
function customRanking(records: readonly SearchRecord[]): Pick<IndexData, 'customRank' | 'byCustomRank'> {
  const weight = (id: number) => (records[id] as SearchRecord).weight;
  const byCustomRank = Uint32Array.from(records.keys()).sort((a, b) => {
    const x = weight(a);
    const y = weight(b);
    return y.pageRank - x.pageRank || y.level - x.level || x.position - y.position || a - b;
  });
  const customRank = new Uint32Array(records.length);
  byCustomRank.forEach((id, place) => {
    customRank[id] = place;
  });
  return { customRank, byCustomRank };
}

/** The vocabulary grouped by stem (a query word need not be in the vocabulary: "rate" finds "rating"). */
function formsOf(vocabulary: Iterable<string>): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const t of vocabulary) {
    const s = stem(t);
    const group = groups.get(s) ?? new Set<string>();
    group.add(t);
    groups.set(s, group);
  }
  return groups;
}

const entryTerms = (entry: string): string[] => words(entry).map((w) => term(w.text));

/** The writers' groups as a lookup: each single-word entry to the group's other single words. */
function synonymMap(groups: SynonymGroups): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const terms = group
      .map(entryTerms)
      .filter((t) => t.length === 1)
      .map((t) => t[0] as string);
    for (const t of terms) {
      const others = map.get(t) ?? new Set<string>();
      for (const other of terms) if (other !== t) others.add(other);
      map.set(t, others);
    }
  }
  return map;
}

function synonymEntries(groups: SynonymGroups): Pick<IndexData, 'synonymEntries' | 'longestPhrase'> {
  const entries = new Map<string, (readonly string[])[]>();
  let longestPhrase = 1;
  for (const group of groups) {
    const all = group.map(entryTerms);
    for (const entry of all) {
      longestPhrase = Math.max(longestPhrase, entry.length);
      const key = entry.join(' ');
      entries.set(key, [...(entries.get(key) ?? []), ...all.filter((other) => other.join(' ') !== key)]);
    }
  }
  return { synonymEntries: entries, longestPhrase };
}
