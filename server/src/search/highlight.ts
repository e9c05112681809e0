import { camelParts, fold, type Word, words } from './text.ts';

/**
 * Highlight and snippet results in Algolia's shape (`_highlightResult`, `_snippetResult`). Values
 * are HTML-escaped before the request's pre/post tags go in: DocSearch and the search page insert
 * them as HTML, and record text may contain "<" (docs about markup).
 */

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightResult {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResult {
  value: string;
  matchLevel: MatchLevel;
}

export interface HighlightTags {
  pre: string;
  post: string;
  ellipsis: string;
}

/** Which query word a text word matches, and the characters of it to mark. */
export interface WordMatch {
  queryWord: number;
  start: number;
  end: number;
}

/** Decides, for a word of the text (and the words around it), whether and where it matches the query. */
export type WordMatcher = (word: Word, index: number, all: readonly Word[]) => WordMatch[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([c, entity]) => [entity, c]));
/** Back to text, for consumers that are not HTML (the MCP tools). */
export const unescapeHtml = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPES[e] as string);

/**
 * Builds the matcher for a query: a word matches a query word when its indexed form is the same,
 * within the typos allowed, or (last query word) starts with it; camelCase parts match on their own.
 */
export function wordMatcher(
  queryTerms: readonly string[],
  termOf: (word: string) => string,
  relation: (docTerm: string) => readonly { queryWord: number; prefixOnly: boolean }[],
): WordMatcher {
  // Per distinct word of the texts, how it relates as a whole and by its camelCase parts: one
  // lookup per word of a hit instead of three (its term, its relation, its parts), and the hits'
  // words repeat ("the", the product's names).
  const shapes = new Map<string, WordShape>();
  const shapeOf = (text: string): WordShape => {
    let shape = shapes.get(text);
    if (shape === undefined) {
      shape = {
        whole: relation(termOf(text)),
        parts: camelParts(text).map((part) => ({ length: part.length, relations: relation(termOf(part)) })),
      };
      shapes.set(text, shape);
    }
    return shape;
  };
  return (word, index, all) => {
    const { whole, parts } = shapeOf(word.text);
    if (whole.length > 0) {
      return whole.map(({ queryWord, prefixOnly }) => {
        const folded = fold(word.text);
        const prefix = queryTerms[queryWord] as string;
        // Algolia marks only the typed prefix of a word matched as a prefix ("<mark>doc</mark>umentation").
        const end =
          prefixOnly && folded.length === word.text.length && folded.startsWith(prefix)
            ? word.start + prefix.length
            : word.end;
        return { queryWord, start: word.start, end };
      });
    }
    const matches: WordMatch[] = [];
    let offset = word.start;
    for (const part of parts) {
      for (const { queryWord } of part.relations) {
        matches.push({ queryWord, start: offset, end: offset + part.length });
      }
      offset += part.length;
    }
    // "drop-down" was also indexed as "dropdown": mark the pair when that is what matched.
    const next = all[index + 1];
    if (matches.length === 0 && word.joinsNext && next) {
      for (const { queryWord } of relation(termOf(`${word.text}${next.text}`))) {
        matches.push({ queryWord, start: word.start, end: next.end });
      }
    }
    return matches;
  };
}

/** A word's relations to the query: as a whole, and each of its camelCase parts (length in the text). */
interface WordShape {
  whole: readonly { queryWord: number; prefixOnly: boolean }[];
  parts: readonly { length: number; relations: readonly { queryWord: number }[] }[];
}

function mark(text: string, ranges: readonly WordMatch[], tags: HighlightTags): string {
  let out = '';
  let at = 0;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (const range of sorted) {
    if (range.start < at) continue;
    out += escapeHtml(text.slice(at, range.start));
    out += tags.pre + escapeHtml(text.slice(range.start, range.end)) + tags.post;
    at = range.end;
  }
  return out + escapeHtml(text.slice(at));
}

function levelOf(matched: ReadonlySet<number>, queryWords: number): MatchLevel {
  if (matched.size === 0) return 'none';
  return matched.size === queryWords ? 'full' : 'partial';
}

/** A text's words and, per word, the query words it matches: computed once per text and query. */
export interface Analysis {
  all: Word[];
  perWord: WordMatch[][];
}

export function analyse(text: string, matcher: WordMatcher): Analysis {
  const all = words(text);
  return { all, perWord: all.map(matcher) };
}

export function highlight(
  text: string,
  matcher: WordMatcher,
  queryWords: readonly string[],
  tags: HighlightTags,
  analysis: Analysis = analyse(text, matcher),
): HighlightResult {
  const ranges = analysis.perWord.flat();
  const matched = new Set(ranges.map((r) => r.queryWord));
  const matchLevel = levelOf(matched, queryWords.length);
  const result: HighlightResult = {
    value: mark(text, ranges, tags),
    matchLevel,
    matchedWords: [...matched].sort().map((i) => queryWords[i] as string),
  };
  if (matchLevel !== 'none') {
    const marked = ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
    // The text's word characters: its words' lengths (words are the runs of them, text.ts).
    result.fullyHighlighted = marked >= analysis.all.reduce((sum, word) => sum + word.text.length, 0);
  }
  return result;
}

/**
 * A window of `size` words with the most distinct query words in it, starting a word before the
 * first of them, with the ellipsis where text was cut (`content:10` in attributesToSnippet).
 */
export function snippet(
  text: string,
  size: number,
  matcher: WordMatcher,
  queryWords: readonly string[],
  tags: HighlightTags,
  { all, perWord }: Analysis = analyse(text, matcher),
): SnippetResult {
  const matched = new Set(perWord.flat().map((r) => r.queryWord));
  let first = 0;
  if (all.length > size && matched.size > 0) {
    // Slide the window, counting each query word's occurrences inside it.
    const inside = new Map<number, number>();
    const enter = (i: number, delta: number) => {
      for (const r of perWord[i] as WordMatch[]) {
        const n = (inside.get(r.queryWord) ?? 0) + delta;
        if (n === 0) inside.delete(r.queryWord);
        else inside.set(r.queryWord, n);
      }
    };
    for (let i = 0; i < size; i++) enter(i, 1);
    let best = -1;
    for (let start = 0; ; start++) {
      // Prefer a window that opens one word before its first match, as Algolia's snippets read.
      const lead =
        (perWord[start] as WordMatch[]).length > 0 ? 1 : (perWord[start + 1] as WordMatch[]).length > 0 ? 0 : 2;
      const score = inside.size * 4 - lead;
      if (score > best) {
        best = score;
        first = start;
      }
      if (start + size >= all.length) break;
      enter(start, -1);
      enter(start + size, 1);
    }
  }
  const last = Math.min(all.length, first + size) - 1;
  if (last < 0) return { value: escapeHtml(text), matchLevel: 'none' };
  const from = first === 0 ? 0 : (all[first] as Word).start;
  const to = last === all.length - 1 ? text.length : (all[last] as Word).end;
  const ranges = perWord
    .slice(first, last + 1)
    .flat()
    .map((r) => ({ ...r, start: r.start - from, end: r.end - from }));
  const inWindow = new Set(ranges.map((r) => r.queryWord));
  const value =
    (from > 0 ? tags.ellipsis : '') +
    mark(text.slice(from, to), ranges, tags) +
    (to < text.length ? tags.ellipsis : '');
  return { value, matchLevel: levelOf(matched.size > 0 ? inWindow : matched, queryWords.length) };
}
