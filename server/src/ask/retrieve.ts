import type { AccessLevel } from '@tala/policy';
import { MAX_QUERY_LENGTH, type SearchEngine } from '../search/engine.ts';
import { isStopWord, words } from '../search/text.ts';
import type { Passage, Turn } from './contract.ts';
import { type Section, type SectionIndex, stemsOf } from './sections.ts';

/**
 * Retrieval for "Ask the docs": the sections that may answer a question, from the records the
 * reader may read only. The search engine ranks (the search modal's ranking, with its question
 * handling), restricted to the reader's levels before any matching; its hits, one per URL, are
 * sections, regrouped here into passages. Runs in a search worker (searcher.ts `ask`): ranking and
 * regrouping are CPU work that must not hold the event loop.
 */

/** One retrieval, as the route hands it to a worker. */
export interface AskTask {
  readonly kind: 'ask';
  readonly question: string;
  readonly history: readonly Turn[];
  readonly allowed: readonly AccessLevel[];
  /** How many passages to return, best first. */
  readonly limit: number;
}

/** How many engine hits (sections) are looked at for the passages. */
const DEPTH = 30;
/**
 * Below this share of the question's weight (its content words, weighed by rarity) in the best
 * section, the documentation does not answer it: nothing is returned, and no answerer is tempted
 * to answer from sections that merely share a common word ("what is the weather in Paris").
 */
export const RELEVANCE_FLOOR = 0.5;
/** A section below this share of the best one's coverage is not worth a reader's (or a model's) time. */
const RELATIVE_FLOOR = 0.3;

/**
 * The words the engine ranks on. A question longer than the engine's query limit keeps its
 * content words (stop words are dropped by the engine anyway); a short follow-up ("and how do I
 * undo it?") borrows the content words of the question before it, the only context it has.
 */
export function engineQuery(question: string, history: readonly Turn[] = []): string {
  const content = (text: string) => words(text).filter((w) => !isStopWord(w.text));
  let query = question;
  const own = content(question);
  const previous = history.at(-1);
  if (own.length < 3 && previous) {
    const borrowed = content(previous.question).filter((w) => !own.some((o) => o.text === w.text));
    query = `${question} ${borrowed.map((w) => w.text).join(' ')}`;
  }
  if (query.length <= MAX_QUERY_LENGTH) return query;
  const kept: string[] = [];
  for (const word of content(query)) {
    if (kept.includes(word.text)) continue;
    if ([...kept, word.text].join(' ').length > MAX_QUERY_LENGTH) break;
    kept.push(word.text);
  }
  return kept.join(' ');
}

/** The question's content stems, each weighed by its rarity among sections (a stem the docs never use weighs most). */
function weights(question: string, sections: SectionIndex): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of stemsOf(question)) {
    const df = sections.sectionsWith.get(s) ?? 0;
    out.set(s, Math.log((sections.count + 1) / (df + 0.5)));
  }
  return out;
}

/** The share of the question's weight a section's words cover (0–1). */
function coverage(section: Section, weighed: ReadonlyMap<string, number>): number {
  let total = 0;
  let covered = 0;
  for (const [s, weight] of weighed) {
    total += weight;
    if (section.stems.has(s)) covered += weight;
  }
  return total > 0 ? covered / total : 0;
}

export function retrieve(engine: SearchEngine, sections: SectionIndex, task: AskTask): Passage[] {
  const allowed = new Set(task.allowed);
  const query = engineQuery(task.question, task.history);
  const { hits } = engine.search({ query, allowed, limit: DEPTH });
  // The question's own words decide relevance; borrowed context only helps find candidates.
  const weighed = weights(task.question, sections);
  const followUp = weighed.size < 3 && task.history.length > 0;
  const context = followUp ? weights(`${task.question} ${task.history.at(-1)?.question ?? ''}`, sections) : weighed;
  const seen = new Set<string>();
  const candidates: { section: Section; rank: number; cover: number }[] = [];
  hits.forEach((hit, rank) => {
    const section = usable(sections, hit.record.url, seen);
    // The engine admitted only the reader's levels; checked again where the text is taken.
    if (!section || !allowed.has(section.level)) return;
    seen.add(section.url);
    candidates.push({ section, rank, cover: coverage(section, context) });
  });
  const best = Math.max(0, ...candidates.map((c) => c.cover));
  if (best < RELEVANCE_FLOOR) return [];
  return candidates
    .filter((c) => c.cover >= best * RELATIVE_FLOOR)
    .map((c) => ({ ...c, score: score(c.rank, c.cover) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, task.limit)
    .map(({ section, score }) => ({
      url: section.url,
      title: section.title,
      section: section.section,
      text: section.text,
      level: section.level,
      score,
    }));
}

/**
 * The engine's order, nudged by coverage: a section lower in the ranking that holds more of the
 * question's rare words rises a few places, not to the top.
 */
function score(rank: number, cover: number): number {
  return 1 / (1 + rank / 5) + cover;
}

/**
 * The section a hit names, or when it has no text of its own (a heading directly above a
 * sub-heading, a page title above no lead) the next section of its page that has.
 */
function usable(sections: SectionIndex, url: string, seen: ReadonlySet<string>): Section | null {
  const section = sections.byUrl.get(url);
  if (!section) return null;
  if (section.text !== '' && !seen.has(section.url)) return section;
  const page = sections.byPage.get(section.page) ?? [];
  return page.find((s) => s.position > section.position && s.text !== '' && !seen.has(s.url)) ?? null;
}
