import type { AskAnswer, Citation, Passage, Turn } from './contract.ts';
import { stemsOf } from './sections.ts';
import { unitsOf } from './units.ts';

/**
 * The answer without a model: the sentences, list items and table rows of the best passages that
 * carry the question's words, quoted as they stand, each with the number of its citation. It says
 * nothing the docs do not say, and when they do not say it, says so, citing nothing.
 */

export const NO_ANSWER = 'The documentation you can read does not answer this.';

/** Passages looked at, in retrieval's order; a reader reads a few quotes, not a page of them. */
const PASSAGES = 5;
const MAX_CITATIONS = 3;
/** Quotes per cited passage: its best, and what comes close to it (a list's next step, a table's next row). */
const QUOTES_PER_PASSAGE = 2;
/**
 * A passage whose best quote covers less than this share of the best passage's is not cited (0.4
 * on the tuning half: 0.5 left out the second passage where it was the expected page; lower
 * changed nothing).
 */
const RELATIVE_FLOOR = 0.4;
/** Another quote of a cited passage must come this close to its best one. */
const SECOND_QUOTE = 0.8;
/**
 * Below this share of the question's words in the best quote with its heading, the passages only
 * share a word with the question: no answer. Retrieval's relevance floor (retrieve.ts) does the
 * real sorting out; this catches passages handed in by other callers.
 */
export const ANSWER_FLOOR = 0.2;
const MAX_QUOTE_CHARS = 400;

/** The share of the question's weight in a set of stems. */
function share(weights: ReadonlyMap<string, number>, ...sets: ReadonlySet<string>[]): number {
  let total = 0;
  let covered = 0;
  for (const [s, w] of weights) {
    total += w;
    if (sets.some((set) => set.has(s))) covered += w;
  }
  return total > 0 ? covered / total : 0;
}

/** A follow-up with fewer content words than this is read with the question before it (as retrieve.ts does). */
const FOLLOW_UP_WORDS = 3;

export function extractiveAnswer(
  question: string,
  passages: readonly Passage[],
  history: readonly Turn[] = [],
): AskAnswer {
  const none: AskAnswer = { answer: NO_ANSWER, citations: [], mode: 'extractive' };
  const top = passages.slice(0, PASSAGES);
  let questionStems = new Set(stemsOf(question));
  const previous = history.at(-1)?.question;
  if (questionStems.size < FOLLOW_UP_WORDS && previous)
    questionStems = new Set([...questionStems, ...stemsOf(previous)]);
  if (top.length === 0 || questionStems.size === 0) return none;
  const units = top.flatMap((passage, i) => unitsOf(passage, i));
  // A word few quotes hold says more about which quote answers than one most hold.
  const weights = new Map<string, number>();
  for (const s of questionStems) {
    const holding = units.filter((u) => u.stems.has(s)).length;
    weights.set(s, Math.log(1 + (units.length + 1) / (holding + 1)));
  }
  const headings = top.map((p) => new Set(stemsOf(`${p.title} ${p.section ?? ''}`)));
  const scored = units
    .map((unit) => {
      const own = share(weights, unit.stems);
      const withHeading = share(weights, unit.stems, headings[unit.passage] as Set<string>);
      // Writers put the point first: an earlier line wins a tie.
      return { unit, own, withHeading, score: own + 0.5 * withHeading + 0.05 / (1 + unit.line) };
    })
    .filter((s) => s.own > 0);
  const bestOf = top.map((_, i) =>
    scored
      .filter((s) => s.unit.passage === i)
      .reduce<(typeof scored)[number] | null>((a, b) => (a && a.score >= b.score ? a : b), null),
  );
  const best = Math.max(0, ...bestOf.map((b) => b?.withHeading ?? 0));
  if (best < ANSWER_FLOOR) return none;
  // Retrieval's order decides the citations' (its first is the page a writer would point to: on the
  // tuning half, the first citation is an expected page for 75 % of questions in retrieval's order,
  // 59 % in the order of the quotes' coverage);
  // a passage is cited when one of its quotes comes near the best quote of all.
  const cited = top
    .map((_, i) => i)
    .filter((i) => (bestOf[i]?.withHeading ?? 0) >= Math.max(ANSWER_FLOOR, best * RELATIVE_FLOOR))
    .slice(0, MAX_CITATIONS);
  const citations: Citation[] = cited.map((i) => {
    const { url, title, section } = top[i] as Passage;
    return { url, title, section };
  });
  const blocks = cited.map((passageIndex, n) => {
    const own = bestOf[passageIndex] as (typeof scored)[number];
    const quotes = scored
      .filter((s) => s.unit.passage === passageIndex && s.score >= own.score * SECOND_QUOTE)
      .sort((a, b) => b.score - a.score)
      .slice(0, QUOTES_PER_PASSAGE)
      .map((s) => s.unit)
      .sort((a, b) => a.line - b.line);
    const { title, section, url } = top[passageIndex] as Passage;
    const name = section ? `${title} › ${section}` : title;
    const body = quotes.map((u) => `> ${quoteText(u.text)}`).join('\n>\n');
    return `From [${escapeMarkdown(name)}](${siteLink(url)}) [${n + 1}]:\n\n${body}`;
  });
  return { answer: blocks.join('\n\n'), citations, mode: 'extractive' };
}

/** A quote, cut at a word when it runs long. */
function quoteText(text: string): string {
  const cut = text.length > MAX_QUOTE_CHARS ? `${text.slice(0, text.lastIndexOf(' ', MAX_QUOTE_CHARS))} …` : text;
  return markdownText(cut);
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/g;

/**
 * Record text as Markdown that renders as that text: no raw HTML (`<` escaped), no link, image or
 * emphasis the writers did not make, and addresses in code spans, so that nothing in a quote
 * becomes a link to another site.
 */
export function markdownText(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    out += escapeMarkdown(text.slice(at, match.index));
    out += `\`${match[0].replaceAll('`', '')}\``;
    at = match.index + match[0].length;
  }
  return out + escapeMarkdown(text.slice(at));
}

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~!@]/g, '\\$&').replace(/\n/g, ' ');
}

/** Only the portal's own pages: a path, never another origin (records are site-relative already). */
function siteLink(url: string): string {
  const safe = url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return safe.replace(/[()\s]/g, encodeURIComponent);
}
