import { stem, typoDistance, typosAllowed } from '../text.ts';
import type { AttributeMasks, EngineIndex, Posting, RecordTerms } from './index-build.ts';
import { meaningfulTerms, type QueryUnit } from './query.ts';

/**
 * Which records each query word matches, and how: exactly, as a prefix (the last word only, since
 * the reader is still typing it), within the typos its length allows, or through a synonym. The
 * term dictionary answers exact and prefix lookups (MiniSearch's radix tree), typo-lookup.ts the
 * fuzzy ones; this module turns the terms found into per-record arrays that ranking reads without
 * allocating.
 */

/** How one query word matched the records: per record, best typos (-1 = not matched) etc. */
export interface WordMatches {
  typos: Int8Array;
  /**
   * The records matched, each once, in the order found: the per-query passes (candidates, word
   * weights, page scores) walk these instead of every record. At 319,000 records a pass over all
   * of them per query word was the largest cost of a search (profiled).
   */
  matched: number[];
  /** Per record: the attributes (bit mask) where the word matched with its best typos. */
  attributes: AttributeMasks;
  /** Per record: 1 when some match was exact (not a prefix, no typo). */
  exact: Uint8Array;
  /**
   * Per term id, how the term answers this query word (TERM_*; 0: not at all). Proximity reads
   * it, and the highlighter, so that the words the index matched are the words marked.
   */
  terms: Uint8Array;
}

/** As typed, or a synonym: the whole word is marked. */
export const TERM_EXACT = 1;
/** Only as a prefix of the last word: only the typed part is marked (Algolia). */
export const TERM_PREFIX = 2;
/** Within typos, or another form of the word. */
export const TERM_NEAR = 3;

export interface TermRelation {
  queryWord: number;
  prefixOnly: boolean;
}

/**
 * A match through another form of the word ("publishing" for "publish"): the words criterion
 * counts it as missing and the forms criterion, after proximity, prefers it (rank.ts), so exact
 * forms rank first.
 */
export const FORM_MATCH = 3;

/**
 * The per-query arrays, reused from query to query: a question needs one set per word (about
 * 75 KB each for this corpus), and allocating them per query made garbage collection the largest
 * single cost of a search (profiled). A search runs to its end on one thread before the next
 * starts, and nothing it returns keeps these arrays, so one pool per engine suffices.
 */
export class MatchPool {
  readonly #free: WordMatches[] = [];
  readonly #used: WordMatches[] = [];
  /**
   * Scratch counts per record (addPhrase, candidatesOf): each user clears it first. After
   * candidatesOf, a candidate's count of matched units, with TAKEN set (rank.ts reads it).
   */
  readonly counts: Uint8Array;
  /** Scratch for the candidates by count, most first (rank.ts). */
  readonly byCount: Uint32Array;
  /** Scratch for the candidates' ids and their sort keys (rank.ts), one search at a time. */
  readonly ids: Uint32Array;
  readonly keys: Float64Array;
  /** Scratch for the sort keys inside one group of equal cheap criteria (rank.ts). */
  readonly groupKeys: Float64Array;
  /** Scratch attribute masks per record for a phrase (addPhrase): all 0 between uses. */
  readonly phraseAttributes: AttributeMasks;

  private readonly size: number;
  private readonly vocabulary: number;

  constructor(size: number, vocabulary: number) {
    this.size = size;
    this.vocabulary = vocabulary;
    this.counts = new Uint8Array(size);
    this.phraseAttributes = new Uint16Array(size);
    this.ids = new Uint32Array(size);
    this.byCount = new Uint32Array(size);
    this.keys = new Float64Array(size);
    this.groupKeys = new Float64Array(size);
  }

  /** Arrays for one word's matches, cleared: no record matched. */
  take(): WordMatches {
    const reused = this.#free.pop();
    const matches = reused ?? {
      typos: new Int8Array(this.size),
      matched: [],
      attributes: new Uint16Array(this.size),
      exact: new Uint8Array(this.size),
      terms: new Uint8Array(this.vocabulary),
    };
    if (reused) {
      // Only the records the last query matched were written: cleared by the list, not the array.
      const { matched, typos, attributes, exact } = matches;
      for (let i = 0; i < matched.length; i++) {
        const id = matched[i] as number;
        typos[id] = -1;
        attributes[id] = 0;
        exact[id] = 0;
      }
      // Emptied, its storage kept for the next query.
      matched.length = 0;
      matches.terms.fill(0);
    } else matches.typos.fill(-1);
    this.#used.push(matches);
    return matches;
  }

  /** Every array taken since the last call is free again (at the start of a search). */
  releaseAll(): void {
    this.#free.push(...this.#used);
    this.#used.length = 0;
  }
}

const poolFor = (index: EngineIndex) => new MatchPool(index.records.length, index.vocabulary);

/** How words match beyond their exact form (from RankingSettings, for one query). */
export interface WordMatching {
  /** Other forms of the word (its Snowball stem), as FORM_MATCH. */
  wordForms: boolean;
  /** Typo tolerance also for a word the docs contain (false: only unknown words are corrected). */
  correctKnownWords: boolean;
}

/** The records one query word matches: exact, as a prefix (last word), within its typos, or as another form. */
export function matchWord(
  index: EngineIndex,
  q: string,
  last: boolean,
  admitted: Uint8Array,
  { wordForms, correctKnownWords }: WordMatching,
  pool: MatchPool = poolFor(index),
): WordMatches {
  const result = pool.take();
  const { typos, attributes, exact, terms, matched } = result;
  const add = (posting: Posting, distance: number, isExact: boolean, prefixOnly = false) => {
    // Precedence for the highlighter: as typed, then as a prefix, then near (typos, forms).
    const how = isExact ? TERM_EXACT : prefixOnly ? TERM_PREFIX : TERM_NEAR;
    const was = terms[posting.termId] as number;
    if (was === 0 || how < was) terms[posting.termId] = how;
    const { ids, attributes: masks } = posting;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (!admitted[id]) continue;
      const current = typos[id] as number;
      if (current === -1) matched.push(id);
      if (current === -1 || distance < current) {
        typos[id] = distance;
        attributes[id] = masks[i] as number;
      } else if (distance === current) attributes[id] = (attributes[id] as number) | (masks[i] as number);
      if (isExact) exact[id] = 1;
    }
  };
  const allowedTypos = correctKnownWords || !knownTo(index, q, admitted) ? typosAllowed(q) : 0;
  if (allowedTypos > 0) {
    for (const [t, posting] of withinTypos(index, q, allowedTypos)) {
      const distance = typoDistance(q, t, allowedTypos);
      if (distance <= allowedTypos) add(posting, distance, distance === 0);
    }
  } else {
    const posting = index.terms.get(q);
    if (posting) add(posting, 0, true);
  }
  if (last) {
    for (const [t, posting] of index.terms.atPrefix(q)) if (t !== q) add(posting, 0, false, true);
  }
  if (wordForms) {
    for (const form of index.forms.get(stem(q)) ?? []) {
      const posting = form === q ? undefined : index.terms.get(form);
      if (posting) add(posting, FORM_MATCH, false);
    }
  }
  // Synonyms count as exact matches, as in Algolia.
  for (const synonym of index.synonyms.get(q) ?? []) {
    const posting = index.terms.get(synonym);
    if (posting) add(posting, 0, true);
  }
  return result;
}

/**
 * Whether the docs the reader may open contain the word. Not the whole vocabulary: whether a word
 * is corrected would tell a reader without the on-prem role that an on-prem page holds it (its
 * results would differ from those for a word of no page).
 */
function knownTo(index: EngineIndex, q: string, admitted: Uint8Array): boolean {
  const ids = index.terms.get(q)?.ids;
  if (!ids) return false;
  for (let i = 0; i < ids.length; i++) if (admitted[ids[i] as number]) return true;
  return false;
}

/**
 * The records a query unit matches: a word as matchWord says, a phrase when a record holds all its
 * meaningful words; either one also through each multi-word entry of its synonym groups, as an
 * exact match (Algolia's multi-word synonyms). A phrase is matched as its words in one record,
 * not as adjacent words: proximity then ranks the records where they stand together first.
 */
export function matchUnit(
  index: EngineIndex,
  unit: QueryUnit,
  last: boolean,
  admitted: Uint8Array,
  matching: WordMatching,
  pool: MatchPool = poolFor(index),
): WordMatches {
  const matches = unit.term !== null ? matchWord(index, unit.term, last, admitted, matching, pool) : pool.take();
  if (unit.term === null) addPhrase(index, unit.words, admitted, pool, matches);
  for (const alternative of unit.alternatives) addPhrase(index, alternative, admitted, pool, matches);
  return matches;
}

/**
 * Adds the records holding a phrase to a unit's matches, as exact matches (a synonym matches as
 * typed): its meaningful terms, in order, each within PHRASE_GAP words of the one before (room for
 * the stop words between: "talk to a human" is found in "talk to a human" and "talk to the human").
 * A record the unit matched with typos or in another form now matches exactly; one it matched
 * exactly already gains the phrase's attributes. Walks the phrase's postings, not every record:
 * a question with five synonym phrases has dozens of alternatives, and a pass over all records per
 * alternative was most of its time (profiled).
 */
function addPhrase(
  index: EngineIndex,
  phrase: readonly string[],
  admitted: Uint8Array,
  pool: MatchPool,
  into: WordMatches,
): void {
  const terms = meaningfulTerms(phrase);
  const postings: Posting[] = [];
  for (const t of terms) {
    const posting = index.terms.get(t);
    if (!posting) return;
    postings.push(posting);
    // As typed: the strongest relation, whatever the term had.
    into.terms[posting.termId] = TERM_EXACT;
  }
  if (postings.length === 0) return;
  const counts = pool.counts.fill(0);
  const phraseAttributes = pool.phraseAttributes;
  for (const { ids, attributes } of postings) {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (!admitted[id]) continue;
      counts[id] = (counts[id] as number) + 1;
      phraseAttributes[id] = (phraseAttributes[id] as number) | (attributes[i] as number);
    }
  }
  // A record holding the phrase is in every posting, so in the shortest one.
  const shortest = postings.reduce((a, b) => (b.ids.length < a.ids.length ? b : a));
  const termIds = postings.map((posting) => posting.termId);
  for (const id of shortest.ids) {
    if (counts[id] !== terms.length || !inOrder(index.recordTerms[id] as RecordTerms, termIds)) continue;
    const was = into.typos[id] as number;
    if (was === 0) into.attributes[id] = (into.attributes[id] as number) | (phraseAttributes[id] as number);
    else {
      if (was === -1) into.matched.push(id);
      into.typos[id] = 0;
      into.attributes[id] = phraseAttributes[id] as number;
    }
    into.exact[id] = 1;
  }
  for (const { ids } of postings) for (let i = 0; i < ids.length; i++) phraseAttributes[ids[i] as number] = 0;
}

const PHRASE_GAP = 3;

/** Whether the terms stand in this order, each within PHRASE_GAP words of the previous, in one attribute. */
function inOrder({ termIds, positions, starts }: RecordTerms, phrase: readonly number[]): boolean {
  if (phrase.length < 2) return true;
  for (let attribute = 0; attribute + 1 < starts.length; attribute++) {
    // Where the phrase's k-th term could end, by word position: walk the attribute once.
    let reached = -1;
    let step = 0;
    const end = starts[attribute + 1] as number;
    for (let i = starts[attribute] as number; i < end; i++) {
      const position = positions[i] as number;
      const termId = termIds[i] as number;
      if (step > 0 && position - reached > PHRASE_GAP) step = 0;
      if (termId === phrase[step] && (step === 0 || position > reached)) {
        reached = position;
        step++;
        if (step === phrase.length) return true;
      } else if (termId === phrase[0]) {
        reached = position;
        step = 1;
      }
    }
  }
  return false;
}

/**
 * The indexed terms within `typos` of a query word. The lookup counts edits without
 * transpositions (Levenshtein), where Algolia counts "centre" for "center" as one typo
 * (Damerau). With two typos allowed two edits already include one transposition;
 * with one, the words one transposition away are looked up as well. (A transposition plus
 * another edit on long words is left out: looking three edits deep costs twice as much, profiled.)
 */
function withinTypos(index: EngineIndex, q: string, typos: number): Map<string, Posting> {
  const found = index.typos.within(q, typos);
  if (typos === 1) {
    for (let i = 0; i + 1 < q.length; i++) {
      if (q[i] === q[i + 1]) continue;
      const swapped = `${q.slice(0, i)}${q[i + 1]}${q[i]}${q.slice(i + 2)}`;
      const posting = index.terms.get(swapped);
      if (posting) found.set(swapped, posting);
    }
  }
  return found;
}

/**
 * The admitted records that hold every query word; with none, those holding any word
 * (removeWordsIfNoResults: allOptional — ranking then puts the records with more words first).
 * An empty query has no words to match: every admitted record (Algolia).
 */
export function candidatesOf(
  matches: readonly WordMatches[],
  admitted: Uint8Array,
  optionalWordsFrom: number,
  scratch: { counts: Uint8Array; ids: Uint32Array } = {
    counts: new Uint8Array(admitted.length),
    ids: new Uint32Array(admitted.length),
  },
): Uint32Array {
  const size = admitted.length;
  const { counts, ids } = scratch;
  counts.fill(0);
  let most = 0;
  for (const { matched } of matches) {
    for (let i = 0; i < matched.length; i++) {
      const id = matched[i] as number;
      const count = (counts[id] as number) + 1;
      counts[id] = count;
      if (count > most) most = count;
    }
  }
  let needed = matches.length;
  const optional = optionalWordsFrom > 0 && needed >= optionalWordsFrom;
  if (needed > 0 && (optional || most < needed)) needed = 1;
  let found = 0;
  if (matches.length === 0) {
    for (let id = 0; id < size; id++) if (admitted[id]) ids[found++] = id;
    return ids.subarray(0, found);
  }
  // From the matched lists (every id in them is admitted), each id once: marked TAKEN when taken,
  // its count kept for the ranking. In the order found, not by id: the ranking orders by its keys
  // alone (rank.ts).
  for (const { matched } of matches) {
    for (let i = 0; i < matched.length; i++) {
      const id = matched[i] as number;
      const count = counts[id] as number;
      if (count & TAKEN || count < needed) continue;
      counts[id] = count | TAKEN;
      ids[found++] = id;
    }
  }
  return ids.subarray(0, found);
}

/** candidatesOf's mark on a taken candidate's count (counts are at most MAX_QUERY_WORDS). */
export const TAKEN = 0x80;

const UNRELATED: readonly TermRelation[] = Object.freeze([]);

/**
 * How a document term relates to each query unit: read from the terms matchUnit marked, so the
 * highlighter marks exactly the words the ranking counted. It reads the pooled arrays of this
 * search: valid until the engine's next search (the endpoint highlights before it asks again).
 * Built at the first question from the marked term ids (a pass over the vocabulary per unit): the
 * highlighter asks about every word of every hit, and a dictionary walk per distinct word was a
 * tenth of a question's answer (profiled).
 */
export function relationOf(
  index: EngineIndex,
  matches: readonly WordMatches[],
): (docTerm: string) => readonly TermRelation[] {
  let related: Map<string, TermRelation[]> | undefined;
  return (docTerm) => {
    if (!related) {
      // On the first question: a search nobody highlights does not pay for it.
      related = new Map();
      for (let queryWord = 0; queryWord < matches.length; queryWord++) {
        const terms = (matches[queryWord] as WordMatches).terms;
        for (let termId = 0; termId < terms.length; termId++) {
          const how = terms[termId] as number;
          if (how === 0) continue;
          const term = index.termOfId[termId] as string;
          const relations = related.get(term) ?? [];
          if (relations.length === 0) related.set(term, relations);
          relations.push({ queryWord, prefixOnly: how === TERM_PREFIX });
        }
      }
    }
    return related.get(docTerm) ?? UNRELATED;
  };
}
