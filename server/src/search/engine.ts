import type { AccessLevel } from '@tala/policy';
import SearchableMap from 'minisearch/SearchableMap';
import { LEVELS, type Level, type SearchRecord, type SynonymGroups } from './records.ts';
import { indexedTerms, term, typoDistance, typosAllowed, words } from './text.ts';

/**
 * The embedded search engine. Term lookup — exact, last word as a prefix, and within the typos
 * allowed — is MiniSearch's radix tree (`minisearch/SearchableMap`, chosen by measurement:
 * bench/search). MiniSearch's own `search()` was 5–40 ms on short prefixes of this corpus because it
 * scores every match with BM25, a score DocSearch's ranking throws away; so the postings (which
 * records and attributes hold a term) are typed arrays here, and ranking is DocSearch's: Algolia's
 * tie-breaking over words, typo, attribute, proximity and exact, then the records' custom ranking
 * (page rank, level, position), one hit per URL. Records a reader may not open are dropped before
 * ranking. Only as many hits as the request pages through are fully ranked (`limit`): a task
 * phrasing that falls back to "any word" matches thousands of records, and proximity, the costly
 * criterion, only orders records that tie on the cheaper ones before it.
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
  /** How many hits (distinct URLs) the caller reads, best first; all when absent. */
  limit?: number;
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
  /** Best record per URL, best first: the first `limit` of them. */
  hits: RankedHit[];
  /** How many distinct URLs match in all (Algolia's nbHits). */
  nbHits: number;
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
  termId: number;
  ids: Uint32Array;
  attributes: Uint8Array;
}

/**
 * A record's indexed words for proximity, attribute after attribute: term ids with their word
 * position inside the attribute (camelCase parts share their word's position).
 */
interface RecordTerms {
  termIds: Uint32Array;
  positions: Uint32Array;
  /** Where each attribute's entries start; attribute a spans [starts[a], starts[a + 1]). */
  starts: Uint32Array;
}

/** How one query word matched the records: per record, best typos (-1 = not matched) etc. */
interface WordMatches {
  typos: Int8Array;
  attributes: Uint8Array;
  exact: Uint8Array;
  /** Per term id: 1 when the term answers this query word (proximity reads it). */
  terms: Uint8Array;
}

export class SearchEngine {
  readonly size: number;
  readonly #records: SearchRecord[];
  readonly #terms: SearchableMap<Posting>;
  /** Per record and attribute: the indexed terms, in order (proximity); camelCase parts share a slot. */
  readonly #recordTerms: RecordTerms[];
  /** Per record and attribute: the attribute's term when it is a single word (exactOnSingleWordQuery). */
  readonly #singleWord: (string | null)[][];
  readonly #urlIds: Uint32Array;
  readonly #urlCount: number;
  readonly #vocabulary: number;
  readonly #masks = new Map<string, Uint8Array>();
  /** For a term, the other terms of its synonym groups. */
  readonly #synonyms = new Map<string, Set<string>>();

  constructor(records: readonly SearchRecord[], synonyms: SynonymGroups = []) {
    for (const group of synonyms) {
      const terms = group.map(term);
      for (const t of terms) {
        const others = this.#synonyms.get(t) ?? new Set<string>();
        for (const other of terms) if (other !== t) others.add(other);
        this.#synonyms.set(t, others);
      }
    }
    this.#records = [...records];
    if (records.length >= CANDIDATE_SLOTS) throw new RangeError(`at most ${CANDIDATE_SLOTS - 1} search records`);
    this.size = records.length;
    const termIds = new Map<string, number>();
    const idOf = (t: string) => termIds.get(t) ?? termIds.set(t, termIds.size).size - 1;
    const postings: { ids: number[]; attributes: number[] }[] = [];
    const urls = new Map<string, number>();
    this.#urlIds = new Uint32Array(records.length);
    this.#recordTerms = [];
    this.#singleWord = [];
    this.#records.forEach((record, id) => {
      this.#urlIds[id] = urls.get(record.url) ?? urls.set(record.url, urls.size).size - 1;
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
      this.#recordTerms.push({ termIds: Uint32Array.from(ids), positions: Uint32Array.from(positions), starts });
      this.#singleWord.push(singleWord);
      for (const [termId, mask] of perRecord) {
        postings[termId] ??= { ids: [], attributes: [] };
        const posting = postings[termId];
        posting.ids.push(id);
        posting.attributes.push(mask);
      }
    });
    this.#urlCount = urls.size;
    this.#vocabulary = termIds.size;
    this.#terms = new SearchableMap<Posting>();
    for (const [t, termId] of termIds) {
      const { ids, attributes } = postings[termId] as { ids: number[]; attributes: number[] };
      this.#terms.set(t, { termId, ids: Uint32Array.from(ids), attributes: Uint8Array.from(attributes) });
    }
  }

  search({ query, allowed, filters = [], limit = Number.POSITIVE_INFINITY }: EngineQuery): EngineResult {
    const queryWords = words(query.slice(0, MAX_QUERY_LENGTH))
      .map((w) => w.text.toLowerCase())
      .slice(0, MAX_QUERY_WORDS);
    const queryTerms = queryWords.map(term);
    const relation = relationOf(queryTerms, (t) => this.#synonyms.get(t));
    const admitted = this.#admitted(allowed, filters);
    // An empty query has no words to match: every admitted record, in custom-ranking order (Algolia).
    const matches = queryTerms.map((q, i) => this.#match(q, i === queryTerms.length - 1, admitted));
    const counts = new Uint8Array(this.size);
    for (const m of matches)
      for (let id = 0; id < this.size; id++) if (m.typos[id] !== -1) counts[id] = (counts[id] as number) + 1;
    // removeWordsIfNoResults: allOptional — with no record holding every word, any word will do.
    let needed = queryTerms.length;
    if (needed > 0 && !counts.includes(needed)) needed = 1;
    const candidates: number[] = [];
    for (let id = 0; id < this.size; id++) if (admitted[id] && (counts[id] as number) >= needed) candidates.push(id);
    return { queryTerms, queryWords, relation, ...this.#rank(candidates, matches, queryTerms, limit) };
  }

  /**
   * Ranks lazily: the cheap criteria (words, typos, attribute) of every candidate order groups;
   * proximity, exact and the custom ranking are computed group by group, best group first, until
   * `limit` distinct URLs are found. The order is the same as ranking everything: a URL's best
   * record is its first record in that order (distinct), and later groups cannot overtake.
   */
  #rank(candidates: readonly number[], matches: readonly WordMatches[], queryTerms: readonly string[], limit: number) {
    // Candidates sorted by their cheap criteria packed in one number, with the candidate's index
    // in the low bits: a typed-array sort, no objects for the thousands that are never shown.
    const keys = new Float64Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      keys[i] = this.#cheapKey(candidates[i] as number, matches) * CANDIDATE_SLOTS + i;
    }
    keys.sort();
    const seen = new Uint8Array(this.#urlCount);
    let nbHits = 0;
    for (const id of candidates) {
      const url = this.#urlIds[id] as number;
      if (seen[url]) continue;
      seen[url] = 1;
      nbHits++;
    }
    seen.fill(0);
    const hits: RankedHit[] = [];
    for (let start = 0; start < keys.length && hits.length < limit; ) {
      const groupKey = Math.floor((keys[start] as number) / CANDIDATE_SLOTS);
      const cheap = unpackCheap(groupKey);
      const group: (RankedHit & { id: number })[] = [];
      let end = start;
      for (; end < keys.length && Math.floor((keys[end] as number) / CANDIDATE_SLOTS) === groupKey; end++) {
        const id = candidates[(keys[end] as number) % CANDIDATE_SLOTS] as number;
        group.push({
          id,
          record: this.#records[id] as SearchRecord,
          criteria: this.#criteria(id, cheap, matches, queryTerms),
        });
      }
      group.sort(compareHits);
      for (const hit of group) {
        const url = this.#urlIds[hit.id] as number;
        if (seen[url] || hits.length >= limit) continue;
        seen[url] = 1;
        hits.push({ record: hit.record, criteria: hit.criteria });
      }
      start = end;
    }
    return { hits, nbHits };
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
    const terms = new Uint8Array(this.#vocabulary);
    const add = (posting: Posting, distance: number, isExact: boolean) => {
      terms[posting.termId] = 1;
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
      for (const [t, posting] of this.#withinTypos(q, allowedTypos)) {
        const distance = typoDistance(q, t, allowedTypos);
        if (distance <= allowedTypos) add(posting, distance, distance === 0);
      }
    } else {
      const posting = this.#terms.get(q);
      if (posting) add(posting, 0, true);
    }
    if (last) {
      for (const [t, posting] of this.#terms.atPrefix(q)) if (t !== q) add(posting, 0, false);
    }
    // Synonyms count as exact matches, as in Algolia.
    for (const synonym of this.#synonyms.get(q) ?? []) {
      const posting = this.#terms.get(synonym);
      if (posting) add(posting, 0, true);
    }
    return { typos, attributes, exact, terms };
  }

  /**
   * The indexed terms within `typos` of a query word. The radix tree counts edits without
   * transpositions (Levenshtein), where Algolia counts "centre" for "center" as one typo
   * (Damerau). With two typos allowed the tree's two edits already include one transposition;
   * with one, the words one transposition away are looked up as well. (A transposition plus
   * another edit on long words is left out: looking three edits deep costs twice as much, profiled.)
   */
  #withinTypos(q: string, typos: number): Map<string, Posting> {
    const found = new Map<string, Posting>();
    for (const [t, [posting]] of this.#terms.fuzzyGet(q, typos)) found.set(t, posting);
    if (typos === 1) {
      for (let i = 0; i + 1 < q.length; i++) {
        if (q[i] === q[i + 1]) continue;
        const swapped = `${q.slice(0, i)}${q[i + 1]}${q[i]}${q.slice(i + 2)}`;
        const posting = this.#terms.get(swapped);
        if (posting) found.set(swapped, posting);
      }
    }
    return found;
  }

  /**
   * Words, typos and attribute: cheap, known for every candidate. Attribute follows Algolia's
   * `attributeCriteriaComputedBy: sum` — each query word adds the rank of the best attribute it
   * matches, an unmatched word the worst rank plus one — so one word in a section name (lvl0) does
   * not lift a record whose other words sit in its text (measured in bench/search against
   * Algolia's other two strategies, best and minProximity: both ranked worse on both query sets).
   */
  #cheapKey(id: number, matches: readonly WordMatches[]): number {
    let wordCount = 0;
    let typos = 0;
    let attribute = 0;
    for (const m of matches) {
      const t = m.typos[id] as number;
      if (t === -1) {
        attribute += SEARCHABLE.length;
        continue;
      }
      wordCount++;
      typos += t;
      attribute += lowestBit(m.attributes[id] as number);
    }
    return packCheap(wordCount, typos, attribute);
  }

  #criteria(id: number, cheap: Cheap, matches: readonly WordMatches[], queryTerms: readonly string[]): Criteria {
    let exact = 0;
    if (queryTerms.length === 1) {
      // exactOnSingleWordQuery: attribute — one word is exact when a whole attribute is that word.
      exact = (this.#singleWord[id] as (string | null)[]).includes(queryTerms[0] as string) ? 1 : 0;
    } else for (const m of matches) exact += m.exact[id] as number;
    const proximity = matches.length > 1 ? this.#proximity(id, matches) : 0;
    return { words: cheap.words, typos: cheap.typos, attribute: cheap.attribute, proximity, exact };
  }

  /**
   * Sum over consecutive query words of their closest distance inside one attribute (1 = adjacent
   * and in order; reversed order costs one more), each capped at 8 like Algolia.
   */
  #proximity(id: number, matches: readonly WordMatches[]): number {
    const { termIds, positions, starts } = this.#recordTerms[id] as RecordTerms;
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
        const end = starts[attribute + 1] as number;
        for (let i = starts[attribute] as number; i < end; ) {
          // One word position at a time: a word and its camelCase parts.
          const position = positions[i] as number;
          let inA = false;
          let inB = false;
          for (; i < end && positions[i] === position; i++) {
            const termId = termIds[i] as number;
            inA ||= a.terms[termId] === 1;
            inB ||= b.terms[termId] === 1;
          }
          if (inA) {
            lastA = position;
            if (lastB >= 0) best = Math.min(best, position - lastB + 1);
          }
          if (inB) {
            lastB = position;
            if (lastA >= 0 && lastA < position) best = Math.min(best, position - lastA);
          }
        }
      }
      total += best;
    }
    return total;
  }
}

/**
 * The cheap criteria in one number that sorts like them: fewer missing words, then fewer typos
 * (< 64: at most 2 per word), then a lower attribute sum (< 1024: at most 8 per word).
 */
type Cheap = Pick<Criteria, 'words' | 'typos' | 'attribute'>;
const packCheap = (words: number, typos: number, attribute: number) =>
  ((MAX_QUERY_WORDS - words) * 64 + typos) * 1024 + attribute;
const unpackCheap = (key: number): Cheap => ({
  words: MAX_QUERY_WORDS - Math.floor(key / 65536),
  typos: Math.floor(key / 1024) % 64,
  attribute: key % 1024,
});
/** Room for the candidate index below the packed cheap criteria in a sort key (so: records < 2^24). */
const CANDIDATE_SLOTS = 2 ** 24;

const lowestBit = (mask: number) => (mask === 0 ? SEARCHABLE.length : 31 - Math.clz32(mask & -mask));

export function attributeText(record: SearchRecord, field: Level | 'content'): string | null {
  return field === 'content' ? record.content : record.hierarchy[field];
}

/** Memoised per query: how a document term relates to each query word. */
function relationOf(
  queryTerms: readonly string[],
  synonymsOf: (queryTerm: string) => ReadonlySet<string> | undefined,
): (docTerm: string) => readonly TermRelation[] {
  const cache = new Map<string, TermRelation[]>();
  const last = queryTerms.length - 1;
  return (docTerm) => {
    let found = cache.get(docTerm);
    if (found) return found;
    found = [];
    queryTerms.forEach((q, queryWord) => {
      if (docTerm === q || synonymsOf(q)?.has(docTerm)) found?.push({ queryWord, typos: 0, prefixOnly: false });
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
