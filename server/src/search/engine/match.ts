import { typoDistance, typosAllowed } from '../text.ts';
import type { EngineIndex, Posting } from './index-build.ts';

/**
 * Which records each query word matches, and how: exactly, as a prefix (the last word only, since
 * the reader is still typing it), within the typos its length allows, or through a synonym. The
 * term dictionary answers exact, prefix and fuzzy lookups (MiniSearch's radix tree); this module
 * turns the terms found into per-record arrays that ranking reads without allocating.
 */

/** How one query word matched the records: per record, best typos (-1 = not matched) etc. */
export interface WordMatches {
  typos: Int8Array;
  /** Per record: the attributes (bit mask) where the word matched with its best typos. */
  attributes: Uint8Array;
  /** Per record: 1 when some match was exact (not a prefix, no typo). */
  exact: Uint8Array;
  /** Per term id: 1 when the term answers this query word (proximity reads it). */
  terms: Uint8Array;
}

export interface TermRelation {
  queryWord: number;
  typos: number;
  prefixOnly: boolean;
}

/** The records one query word matches: exact, as a prefix (last word), or within its typos. */
export function matchWord(index: EngineIndex, q: string, last: boolean, admitted: Uint8Array): WordMatches {
  const size = index.records.length;
  const typos = new Int8Array(size).fill(-1);
  const attributes = new Uint8Array(size);
  const exact = new Uint8Array(size);
  const terms = new Uint8Array(index.vocabulary);
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
    for (const [t, posting] of withinTypos(index, q, allowedTypos)) {
      const distance = typoDistance(q, t, allowedTypos);
      if (distance <= allowedTypos) add(posting, distance, distance === 0);
    }
  } else {
    const posting = index.terms.get(q);
    if (posting) add(posting, 0, true);
  }
  if (last) {
    for (const [t, posting] of index.terms.atPrefix(q)) if (t !== q) add(posting, 0, false);
  }
  // Synonyms count as exact matches, as in Algolia.
  for (const synonym of index.synonyms.get(q) ?? []) {
    const posting = index.terms.get(synonym);
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
function withinTypos(index: EngineIndex, q: string, typos: number): Map<string, Posting> {
  const found = new Map<string, Posting>();
  for (const [t, [posting]] of index.terms.fuzzyGet(q, typos)) found.set(t, posting);
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
export function candidatesOf(matches: readonly WordMatches[], admitted: Uint8Array): number[] {
  const size = admitted.length;
  const counts = new Uint8Array(size);
  for (const m of matches)
    for (let id = 0; id < size; id++) if (m.typos[id] !== -1) counts[id] = (counts[id] as number) + 1;
  let needed = matches.length;
  if (needed > 0 && !counts.includes(needed)) needed = 1;
  const candidates: number[] = [];
  for (let id = 0; id < size; id++) if (admitted[id] && (counts[id] as number) >= needed) candidates.push(id);
  return candidates;
}

/**
 * How a document term relates to each query word, by the same rules as matchWord: the
 * highlighter asks it of every word it meets, so the answers are memoised for the query.
 */
export function relationOf(
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
