import type { AccessLevel } from '@tala/policy';
import SearchableMap from 'minisearch/SearchableMap';
import { LEVELS, type Level, type SearchRecord } from './records.ts';
import { camelParts, singular, term, typoDistance, typosAllowed, words } from './text.ts';

/**
 * The embedded search engine. Term lookup — exact, last word as a prefix, and within the typos
 * allowed — is MiniSearch's radix tree (`minisearch/SearchableMap`, chosen by measurement:
 * bench/search). MiniSearch's own `search()` was 5–40 ms on short prefixes of this corpus because it
 * scores every match with BM25, a score DocSearch's ranking throws away; so the postings (which
 * records and attributes hold a term) are typed arrays here, and ranking is DocSearch's: Algolia's
 * tie-breaking over words, typo, attribute, proximity and exact, then the records' custom ranking
 * (page rank, level, position), one hit per URL. Records a reader may not open are dropped before
 * ranking.
 */

export const SEARCHABLE: readonly (Level | 'content')[] = [...LEVELS, 'content'];
export const MAX_QUERY_LENGTH = 64;
/** Algolia caps proximity at 8: farther words count as unrelated. */
const MAX_PROXIMITY = 8;
const MAX_QUERY_WORDS = 16;
const MAX_CACHED_MASKS = 64;

/** A facet filter in conjunctive normal form: every group must hold, any entry of a group may. */
export type FilterGroups = readonly (readonly { attribute: string; value: string; negated: boolean }[])[];

export interface EngineQuery {
  query: string;
  allowed: ReadonlySet<AccessLevel>;
  filters?: FilterGroups;
}

/** Why a record ranks where it does: Algolia's ranking criteria, in order. */
export interface Criteria {
  words: number;
  typos: number;
  attribute: number;
  proximity: number;
  exact: number;
}

export interface RankedHit {
  record: SearchRecord;
  criteria: Criteria;
}

export interface EngineResult {
  /** The query's words as indexed (folded, singular), for highlighting. */
  queryTerms: string[];
  /** The query's words as typed (lower case), for `matchedWords`. */
  queryWords: string[];
  /** Best record per URL, best first. */
  hits: RankedHit[];
  /** For a document term: which query words it answers, and whether only as a prefix. */
  relation: (docTerm: string) => readonly TermRelation[];
}

export interface TermRelation {
  queryWord: number;
  typos: number;
  prefixOnly: boolean;
}

/** Which records hold a term, and in which attributes (bit i = SEARCHABLE[i]). */
interface Posting {
  ids: Uint32Array;
  attributes: Uint8Array;
}

/** How one query word matched the records: per record, best typos (-1 = not matched) etc. */
interface WordMatches {
  typos: Int8Array;
  attributes: Uint8Array;
  exact: Uint8Array;
  terms: Set<string>;
}

export class SearchEngine {
  readonly size: number;
  readonly #records: SearchRecord[];
  readonly #terms: SearchableMap<Posting>;
  /** Per record and attribute: the indexed terms, in order (proximity); camelCase parts share a slot. */
  readonly #attributeTerms: string[][][][];
  /** Per record and attribute: the attribute's term when it is a single word (exactOnSingleWordQuery). */
  readonly #singleWord: (string | null)[][];
  readonly #urlIds: Uint32Array;
  readonly #masks = new Map<string, Uint8Array>();

  constructor(records: readonly SearchRecord[]) {
    this.#records = [...records];
    this.size = records.length;
    const postings = new Map<string, { ids: number[]; attributes: number[] }>();
    const urls = new Map<string, number>();
    this.#urlIds = new Uint32Array(records.length);
    this.#attributeTerms = [];
    this.#singleWord = [];
    this.#records.forEach((record, id) => {
      this.#urlIds[id] = urls.get(record.url) ?? urls.set(record.url, urls.size).size - 1;
      const perRecord = new Map<string, number>();
      const attributeTerms = SEARCHABLE.map((field, attribute) => {
        const slots = words(attributeText(record, field) ?? '').map((w) => [
          term(w.text),
          ...camelParts(w.text).map(singular),
        ]);
        for (const slot of slots) for (const t of slot) perRecord.set(t, (perRecord.get(t) ?? 0) | (1 << attribute));
        return slots;
      });
      this.#attributeTerms.push(attributeTerms);
      this.#singleWord.push(attributeTerms.map((slots) => (slots.length === 1 ? (slots[0]?.[0] ?? null) : null)));
      for (const [t, mask] of perRecord) {
        const posting = postings.get(t) ?? { ids: [], attributes: [] };
        postings.set(t, posting);
        posting.ids.push(id);
        posting.attributes.push(mask);
      }
    });
    this.#terms = new SearchableMap<Posting>();
    for (const [t, { ids, attributes }] of postings) {
      this.#terms.set(t, { ids: Uint32Array.from(ids), attributes: Uint8Array.from(attributes) });
    }
  }

  search({ query, allowed, filters = [] }: EngineQuery): EngineResult {
    const queryWords = words(query.slice(0, MAX_QUERY_LENGTH))
      .map((w) => w.text.toLowerCase())
      .slice(0, MAX_QUERY_WORDS);
    const queryTerms = queryWords.map(term);
    const relation = relationOf(queryTerms);
    const admitted = this.#admitted(allowed, filters);
    if (queryTerms.length === 0) {
      // Algolia answers an empty query with every record, in custom-ranking order.
      const all = this.#records.flatMap((record, id) => (admitted[id] ? [{ id, record, criteria: NO_CRITERIA }] : []));
      return { queryTerms, queryWords, hits: this.#distinct(all), relation };
    }
    const matches = queryTerms.map((q, i) => this.#match(q, i === queryTerms.length - 1, admitted));
    const counts = new Uint8Array(this.size);
    for (const m of matches)
      for (let id = 0; id < this.size; id++) if (m.typos[id] !== -1) counts[id] = (counts[id] as number) + 1;
    // removeWordsIfNoResults: allOptional — with no record holding every word, any word will do.
    let needed = queryTerms.length;
    if (!counts.includes(needed)) needed = 1;
    const ranked: (RankedHit & { id: number })[] = [];
    for (let id = 0; id < this.size; id++) {
      if ((counts[id] as number) >= needed)
        ranked.push({
          id,
          record: this.#records[id] as SearchRecord,
          criteria: this.#criteria(id, matches, queryTerms),
        });
    }
    return { queryTerms, queryWords, hits: this.#distinct(ranked), relation };
  }

  /**
   * Which records this reader and these filters admit (1) — the role filter, applied before any
   * matching. Readers share a handful of role sets and filters, so the masks are kept.
   */
  #admitted(allowed: ReadonlySet<AccessLevel>, filters: FilterGroups): Uint8Array {
    const key = `${[...allowed].sort().join()}|${JSON.stringify(filters)}`;
    let mask = this.#masks.get(key);
    if (!mask) {
      mask = Uint8Array.from(this.#records, (record) =>
        allowed.has(record.access) && passes(record, filters) ? 1 : 0,
      );
      if (this.#masks.size >= MAX_CACHED_MASKS) this.#masks.clear();
      this.#masks.set(key, mask);
    }
    return mask;
  }

  /** The records one query word matches: exact, as a prefix (last word), or within its typos. */
  #match(q: string, last: boolean, admitted: Uint8Array): WordMatches {
    const typos = new Int8Array(this.size).fill(-1);
    const attributes = new Uint8Array(this.size);
    const exact = new Uint8Array(this.size);
    const terms = new Set<string>();
    const add = (t: string, posting: Posting, distance: number, isExact: boolean) => {
      terms.add(t);
      const { ids, attributes: masks } = posting;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] as number;
        if (!admitted[id]) continue;
        const current = typos[id] as number;
        if (current === -1 || distance < current) {
          typos[id] = distance;
          attributes[id] = masks[i] as number;
        } else if (distance === current) attributes[id] = (attributes[id] as number) | (masks[i] as number);
        if (isExact) exact[id] = 1;
      }
    };
    const allowedTypos = typosAllowed(q);
    if (allowedTypos > 0) {
      for (const [t, [posting, distance]] of this.#terms.fuzzyGet(q, allowedTypos)) {
        // The radix tree counts a transposition as two edits; Algolia (and typoDistance) as one.
        add(t, posting, distance === 0 ? 0 : typoDistance(q, t, allowedTypos), distance === 0);
      }
    } else {
      const posting = this.#terms.get(q);
      if (posting) add(q, posting, 0, true);
    }
    if (last) {
      for (const [t, posting] of this.#terms.atPrefix(q)) if (t !== q) add(t, posting, 0, false);
    }
    return { typos, attributes, exact, terms };
  }

  #criteria(id: number, matches: readonly WordMatches[], queryTerms: readonly string[]): Criteria {
    let wordCount = 0;
    let typos = 0;
    // The attribute that holds every matched word at its best: a record with all words in its title
    // beats one where a single word hits the section name (lvl0) and the rest the text.
    let attribute = 0;
    let exact = 0;
    for (const m of matches) {
      const t = m.typos[id] as number;
      if (t === -1) continue;
      wordCount++;
      typos += t;
      attribute = Math.max(attribute, lowestBit(m.attributes[id] as number));
      exact += m.exact[id] as number;
    }
    if (queryTerms.length === 1) {
      // exactOnSingleWordQuery: attribute — one word is exact when a whole attribute is that word.
      exact = (this.#singleWord[id] as (string | null)[]).includes(queryTerms[0] as string) ? 1 : 0;
    }
    const proximityScore = matches.length > 1 ? this.#proximity(id, matches) : 0;
    return { words: wordCount, typos, attribute, proximity: proximityScore, exact };
  }

  /**
   * Sum over consecutive query words of their closest distance inside one attribute (1 = adjacent
   * and in order; reversed order costs one more), each capped at 8 like Algolia.
   */
  #proximity(id: number, matches: readonly WordMatches[]): number {
    const attributeTerms = this.#attributeTerms[id] as string[][][];
    let total = 0;
    for (let q = 0; q + 1 < matches.length; q++) {
      const a = matches[q] as WordMatches;
      const b = matches[q + 1] as WordMatches;
      let best = MAX_PROXIMITY;
      const shared = (a.attributes[id] as number) & (b.attributes[id] as number);
      for (let attribute = 0; shared >> attribute && best > 1; attribute++) {
        if (!((shared >> attribute) & 1)) continue;
        let lastA = -1;
        let lastB = -1;
        (attributeTerms[attribute] as string[][]).forEach((slot, position) => {
          if (slot.some((t) => a.terms.has(t))) {
            lastA = position;
            if (lastB >= 0) best = Math.min(best, position - lastB + 1);
          }
          if (slot.some((t) => b.terms.has(t))) {
            lastB = position;
            if (lastA >= 0 && lastA < position) best = Math.min(best, position - lastA);
          }
        });
      }
      total += best;
    }
    return total;
  }

  /** distinct: true, attributeForDistinct: url — the best record of each URL, then sorted. */
  #distinct(hits: readonly (RankedHit & { id: number })[]): RankedHit[] {
    const best = new Map<number, RankedHit>();
    for (const hit of hits) {
      const url = this.#urlIds[hit.id] as number;
      const current = best.get(url);
      if (!current || compareHits(hit, current) < 0) best.set(url, hit);
    }
    return [...best.values()].sort(compareHits).map(({ record, criteria }) => ({ record, criteria }));
  }
}

const lowestBit = (mask: number) => (mask === 0 ? SEARCHABLE.length : 31 - Math.clz32(mask & -mask));

const NO_CRITERIA: Criteria = { words: 0, typos: 0, attribute: 0, proximity: 0, exact: 0 };

export function attributeText(record: SearchRecord, field: Level | 'content'): string | null {
  return field === 'content' ? record.content : record.hierarchy[field];
}

/** Memoised per query: how a document term relates to each query word. */
function relationOf(queryTerms: readonly string[]): (docTerm: string) => readonly TermRelation[] {
  const cache = new Map<string, TermRelation[]>();
  const last = queryTerms.length - 1;
  return (docTerm) => {
    let found = cache.get(docTerm);
    if (found) return found;
    found = [];
    queryTerms.forEach((q, queryWord) => {
      if (docTerm === q) found?.push({ queryWord, typos: 0, prefixOnly: false });
      else if (queryWord === last && docTerm.startsWith(q)) found?.push({ queryWord, typos: 0, prefixOnly: true });
      else {
        const allowed = typosAllowed(q);
        const distance = allowed > 0 ? typoDistance(q, docTerm, allowed) : 1;
        if (distance <= allowed) found?.push({ queryWord, typos: distance, prefixOnly: false });
      }
    });
    cache.set(docTerm, found);
    return found;
  };
}

export function compareHits(a: RankedHit, b: RankedHit): number {
  const x = a.criteria;
  const y = b.criteria;
  return (
    y.words - x.words ||
    x.typos - y.typos ||
    x.attribute - y.attribute ||
    x.proximity - y.proximity ||
    y.exact - x.exact ||
    b.record.weight.pageRank - a.record.weight.pageRank ||
    b.record.weight.level - a.record.weight.level ||
    a.record.weight.position - b.record.weight.position
  );
}

function passes(record: SearchRecord, groups: FilterGroups): boolean {
  return groups.every((group) =>
    group.some(({ attribute, value, negated }) => (facetValue(record, attribute) === value) !== negated),
  );
}

export function facetValue(record: SearchRecord, attribute: string): string | null {
  switch (attribute) {
    case 'language':
      return record.language;
    case 'docusaurus_tag':
      return record.docusaurus_tag;
    case 'type':
      return record.type;
    case 'access':
      return record.access;
    case 'hierarchy.lvl0':
      return record.hierarchy.lvl0;
    default:
      return null;
  }
}

export const FACETABLE = ['language', 'docusaurus_tag', 'type', 'hierarchy.lvl0'] as const;
