import { distance } from 'fastest-levenshtein';
import type { Posting } from './index-build.ts';

/**
 * The vocabulary's terms within k edits (Levenshtein) of a word, for typo tolerance. MiniSearch's
 * radix tree answers the same question (`fuzzyGet`), but walking it with two edits took most of a
 * query of long misspelt words (0.35 ms a word, profiled); here the terms are bucketed by length
 * (k edits change it by at most k), filtered by their set of letters, and the few left are measured
 * with Myers' bit-parallel algorithm (fastest-levenshtein): about 20 times faster on this
 * vocabulary, and the same terms (server/test/search-typos.test.ts compares the two).
 */
export class TypoLookup {
  /** Per length: the terms, their letter sets and their postings, in the same order. */
  readonly #byLength: { terms: string[]; letters: number[]; postings: Posting[] }[] = [];

  constructor(entries: Iterable<[string, Posting]>) {
    for (const [term, posting] of entries) {
      const bucket = this.#byLength[term.length] ?? { terms: [], letters: [], postings: [] };
      this.#byLength[term.length] = bucket;
      bucket.terms.push(term);
      bucket.letters.push(lettersOf(term));
      bucket.postings.push(posting);
    }
  }

  /** Every term within `edits` of `word`, with its posting. */
  within(word: string, edits: number): Map<string, Posting> {
    const found = new Map<string, Posting>();
    const letters = lettersOf(word);
    const longest = Math.min(word.length + edits, this.#byLength.length - 1);
    for (let length = Math.max(0, word.length - edits); length <= longest; length++) {
      const bucket = this.#byLength[length];
      if (!bucket) continue;
      for (let i = 0; i < bucket.terms.length; i++) {
        // An edit adds, removes or replaces one letter: the sets differ by at most two per edit.
        if (bitCount(letters ^ (bucket.letters[i] as number)) > 2 * edits) continue;
        const term = bucket.terms[i] as string;
        if (distance(word, term) <= edits) found.set(term, bucket.postings[i] as Posting);
      }
    }
    return found;
  }
}

/** A word's set of characters, each hashed to one of 32 bits (the bound above holds for the hashed set too). */
function lettersOf(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) set |= 1 << (word.charCodeAt(i) & 31);
  return set;
}

function bitCount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
