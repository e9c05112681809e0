import type { AskAnswer, Citation, Passage } from './contract.ts';
import { stemsOf } from './sections.ts';

/**
 * The answer without a model: the sentences, list items and table rows of the best passages that
 * carry the question's words, quoted as they stand, each with the number of its citation. It says
 * nothing the docs do not say, and when they do not say it, says so, citing nothing.
 */

export const NO_ANSWER = 'The documentation you can read does not answer this.';

/** Passages looked at; a reader reads a few quotes, not a page of them. */
const PASSAGES = 4;
const MAX_QUOTES = 5;
const MAX_CITATIONS = 3;
/** A quote this much weaker than the best one does not make the answer better. */
const RELATIVE_FLOOR = 0.55;
/**
 * Below this share of the question's words in the best quote with its heading, the passages only
 * share a word or two with the question: no answer.
 */
export const ANSWER_FLOOR = 0.5;
/** A line this short without a full stop is a label (a table's first cell, a term): it heads what follows. */
const LABEL_WORDS = 6;
const MAX_QUOTE_CHARS = 400;

interface Unit {
  readonly passage: number;
  /** Its line in the passage, for document order and for steps that follow each other. */
  readonly line: number;
  readonly text: string;
  readonly stems: ReadonlySet<string>;
}

const isLabel = (line: string) => !/[.!?:;]$/.test(line) && line.split(/\s+/).length <= LABEL_WORDS;

/**
 * A passage's quotable units: each line (a record: paragraph, list item, table cell), a label
 * joined to the line after it (a table row's cells), long paragraphs split into sentences.
 */
function unitsOf(passage: Passage, index: number): Unit[] {
  const lines = passage.text.split('\n').filter(Boolean);
  const units: Unit[] = [];
  let labels: string[] = [];
  lines.forEach((line, i) => {
    if (isLabel(line) && i < lines.length - 1 && labels.length < 2) {
      labels.push(line);
      return;
    }
    const head = labels.length > 0 ? `${labels.join(' — ')} — ` : '';
    labels = [];
    const sentences = line.length > MAX_QUOTE_CHARS ? line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/) : [line];
    for (const sentence of sentences) {
      const text = `${head}${sentence}`;
      units.push({ passage: index, line: i, text, stems: new Set(stemsOf(text)) });
    }
  });
  return units;
}

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

export function extractiveAnswer(question: string, passages: readonly Passage[]): AskAnswer {
  const none: AskAnswer = { answer: NO_ANSWER, citations: [], mode: 'extractive' };
  const top = passages.slice(0, PASSAGES);
  const questionStems = new Set(stemsOf(question));
  if (top.length === 0 || questionStems.size === 0) return none;
  const units = top.flatMap(unitsOf);
  // A word few quotes hold says more about which quote answers than one most hold.
  const weights = new Map<string, number>();
  for (const s of questionStems) {
    const holding = units.filter((u) => u.stems.has(s)).length;
    weights.set(s, Math.log(1 + (units.length + 1) / (holding + 1)));
  }
  const headings = top.map((p) => new Set(stemsOf(`${p.title} ${p.section ?? ''}`)));
  const scored = units.map((unit) => {
    const own = share(weights, unit.stems);
    const withHeading = share(weights, unit.stems, headings[unit.passage] as Set<string>);
    // The passage's rank and the quote's place in its section break ties: retrieval and writers
    // put the point first.
    const score = own + 0.5 * withHeading + 0.3 / (1 + unit.passage) + 0.1 / (1 + unit.line);
    return { unit, own, withHeading, score };
  });
  const answering = scored.filter((s) => s.own > 0).sort((a, b) => b.score - a.score);
  const best = answering[0];
  if (!best || best.withHeading < ANSWER_FLOOR) return none;
  const chosen = answering.filter((s) => s.score >= best.score * RELATIVE_FLOOR).slice(0, MAX_QUOTES);
  // Passages in the order of their best quote: the first citation is the one a writer would point to.
  const order: number[] = [];
  for (const { unit } of chosen) if (!order.includes(unit.passage)) order.push(unit.passage);
  const cited = order.slice(0, MAX_CITATIONS);
  const citations: Citation[] = cited.map((i) => {
    const { url, title, section } = top[i] as Passage;
    return { url, title, section };
  });
  const blocks = cited.map((passageIndex, n) => {
    const quotes = chosen
      .map((s) => s.unit)
      .filter((u) => u.passage === passageIndex)
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
