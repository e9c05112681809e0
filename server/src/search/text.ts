import { stemmer } from '@orama/stemmers/english';
import { stopwords } from '@orama/stopwords/english';
import { PORTAL_DEFAULTS } from '@tala/policy';

/**
 * Words, as the engine and the highlighter both see them. Kept in one module so that a word the
 * index matched is the same word the highlighter marks.
 *
 * Algolia's DocSearch settings this follows: camelCaseAttributes (camelCase words also match by
 * their parts), separatorsToIndex '_' (snake_case stays one word), ignorePlurals (a plural and its
 * singular are the same word). Plural folding is a small English rule set written here: the
 * maintained stemmers (Porter, Snowball) fold far more than plurals ("publish"/"published"),
 * which would make exact matches of the wrong form rank as exact.
 */

/** A word in the text and where it sits: [start, end) in the original string. */
export interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Followed by a hyphen and another word ("drop" in "drop-down"). */
  readonly joinsNext: boolean;
}

const WORD = /[\p{L}\p{N}_]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

export function fold(word: string): string {
  return word.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The words of a text, without offsets: the same words as words(), for callers that need only their text. */
export function wordTexts(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The words of a text, with their offsets. */
export function words(text: string): Word[] {
  const matches = [...text.matchAll(WORD)];
  return matches.map((match, i) => {
    const end = match.index + match[0].length;
    return {
      text: match[0],
      start: match.index,
      end,
      joinsNext: text[end] === '-' && matches[i + 1]?.index === end + 1,
    };
  });
}

/**
 * Memoises a word → value function, bounded: highlighting asks about the same words for every
 * hit and query, and the index build about every word of the corpus.
 */
export function memoised<T>(compute: (word: string) => T, limit = 100_000): (word: string) => T {
  const cache = new Map<string, T>();
  return (word) => {
    let found = cache.get(word);
    if (found === undefined) {
      found = compute(word);
      if (cache.size >= limit) cache.clear();
      cache.set(word, found);
    }
    return found;
  };
}

const NO_PARTS: readonly string[] = Object.freeze([]);

/** "LanguageObject" → ["language", "object"]; "getHTTPStatus" → ["get", "http", "status"]. */
export const camelParts = memoised((word: string): readonly string[] => {
  const parts = word.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u);
  return parts.length > 1 ? parts.map(fold) : NO_PARTS;
});

/** ignorePlurals for English: "entities" → "entity", "classes" → "class", "flows" → "flow". */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The form a word is indexed and queried under. */
export const term = memoised((word: string): string => singular(fold(word)));

/**
 * The terms a word of a text is indexed under: its own; its camelCase parts; and, for a hyphenated
 * pair ("drop-down", "pre-built"), the pair written as one word — Algolia finds "dropdown" in
 * "drop-down" by splitting query words, which this gives for the common case at index time.
 */
export function indexedTerms(found: readonly Word[], index: number): string[] {
  const word = found[index] as Word;
  const terms = [term(word.text), ...camelParts(word.text).map(singular)];
  const next = found[index + 1];
  if (word.joinsNext && next) terms.push(term(`${word.text}${next.text}`));
  return terms;
}

/**
 * Edit distance between a and b if it is at most max, else max + 1 (Damerau: a transposition is
 * one typo, as in Algolia). Bounded so that a long word costs O(len × max).
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    twoBack = previous;
    previous = current;
  }
  const distance = previous[b.length] as number;
  return distance > max ? max + 1 : distance;
}

/** Typos allowed for a query word (DocSearch template's thresholds, PORTAL_DEFAULTS; none on numbers). */
export function typosAllowed(word: string): number {
  if (/^\d+$/.test(word)) return 0;
  if (word.length >= PORTAL_DEFAULTS.search.minWordSizefor2Typos) return 2;
  if (word.length >= PORTAL_DEFAULTS.search.minWordSizefor1Typo) return 1;
  return 0;
}

/**
 * The Snowball (Porter 2) English stem of an indexed term, from Orama's maintained stemmers:
 * "publishing", "published" → "publish"; "configure", "configuration" → "configur". The index
 * keeps exact words; stems only group the vocabulary's other forms of a query word (match.ts),
 * which rank after the exact form.
 */
export const stem = memoised((indexedTerm: string): string =>
  /^\p{L}{3,}$/u.test(indexedTerm) ? stemmer(indexedTerm) : indexedTerm,
);

/**
 * Words that do not decide ranking when a query has others (Algolia's removeStopWords): Orama's
 * English list, with single letters ("a", and the pieces of "don't", "I'm": the tokenizer splits
 * at the apostrophe), less the words that change a docs query's meaning — negations ("not
 * showing") and the particles of phrasal verbs ("sign out", "roll back", "set up", "take off").
 */
const MEANINGFUL = new Set(['not', 'no', 'nor', 'off', 'up', 'down', 'out', 'back']);
/** What the tokenizer leaves of contractions ("doesn't" → "doesn" "t"), and question phrases' words. */
const QUESTION_WORDS = [
  'll',
  've',
  're',
  'don',
  'doesn',
  'didn',
  'isn',
  'aren',
  'wasn',
  'weren',
  'won',
  'wouldn',
  'shouldn',
  'couldn',
  'hasn',
  'haven',
  'hadn',
  'many',
  'much',
];
const STOP_WORDS = new Set([...stopwords.map(fold), ...QUESTION_WORDS].filter((word) => !MEANINGFUL.has(word)));

/** Memoised: retrieval asks it of every word of the corpus, and folding a word normalises its Unicode. */
export const isStopWord = memoised((word: string): boolean => {
  const folded = fold(word);
  return STOP_WORDS.has(folded) || (folded.length === 1 && !/\d/.test(folded));
});
