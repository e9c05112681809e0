import type { AccessLevel } from '@tala/policy';
import { MAX_QUERY_LENGTH, type SearchEngine } from '../search/engine.ts';
import { isStopWord, words } from '../search/text.ts';
import type { Passage, Turn } from './contract.ts';
import { isOffTopic } from './off-topic.ts';
import { type Section, type SectionIndex, stemsOf } from './sections.ts';
import { unitsOf } from './units.ts';

/**
 * Retrieval for "Ask the docs": the sections that may answer a question, from the records the
 * reader may read only. The search engine ranks (the search modal's ranking, with its question
 * handling), restricted to the reader's levels before any matching; its hits, one per URL, are
 * sections, regrouped here into passages. Runs in a search worker (searcher.ts `retrieve`): ranking and
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
 * The relevance floor. Below this share of the question's weight (its content words, weighed by
 * rarity among sections, a word the docs never use weighing most) in the best quotable unit of the
 * best section (a sentence, list item or table row, with its headings), the documentation does not
 * answer the question: nothing is returned, and no answerer is tempted to answer from sections
 * that merely share a word ("how long should I boil an egg"). Chosen on questions-tuning.json and
 * bench/ask/off-topic.json: real questions' best units cover 0.45–1 but for three (0.12–0.31),
 * off-topic requests' 0–0.38 but for those off-topic.ts recognises by their form (up to 0.56).
 */
export const RELEVANCE_FLOOR = 0.4;
/** ...and that unit must hold at least this many of the question's words (one, for a one-word question). */
const MIN_WORDS = 2;
/**
 * Unless the unit holds at least this many of the question's words that the docs use at all, and
 * this share of them: then the words the docs never use (a regulation's name, a typo) do not make
 * the question off-topic ("delete a user's conversations for a gdpr erasure request"). On the
 * tuning half: 3 and 0.75 answer one more question and no off-topic request; 4, or all of them,
 * none more.
 */
const KNOWN_WORDS = 3;
const KNOWN_SHARE = 0.75;
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

/**
 * The question's content stems, each weighed by its rarity among sections. A word the docs never
 * use weighs most: the docs cannot be about it. (Neither typos nor compounds are resolved here:
 * "bread" is one typo from "break", "erasure" splits into "era" and "sure", and either would make
 * a request read as a question about the docs; KNOWN_WORDS below answers such questions instead.)
 */
function weights(question: string, sections: SectionIndex): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of stemsOf(question)) {
    const df = sections.sectionsWith.get(s) ?? 0;
    out.set(s, Math.log((sections.count + 1) / (df + 0.5)));
  }
  return out;
}

/** Only the words the docs use. */
function known(weighed: ReadonlyMap<string, number>, sections: SectionIndex): Map<string, number> {
  return new Map([...weighed].filter(([s]) => sections.sectionsWith.has(s)));
}

/** The share of the question's weight in a set of stems (0–1), and how many of its words it holds. */
function coverage(
  weighed: ReadonlyMap<string, number>,
  ...sets: ReadonlySet<string>[]
): { share: number; words: number } {
  let total = 0;
  let covered = 0;
  let words = 0;
  for (const [s, weight] of weighed) {
    total += weight;
    if (sets.some((set) => set.has(s))) {
      covered += weight;
      words += 1;
    }
  }
  return { share: total > 0 ? covered / total : 0, words };
}

interface Candidate {
  readonly section: Section;
  /** Its best unit's, with the section's headings: of all the question's words, and of those the docs use. */
  readonly unit: { share: number; words: number; known: { share: number; words: number } };
}

/** The best unit of a section: the question's words together in one sentence, row or item. */
function bestUnit(
  section: Section,
  weighed: ReadonlyMap<string, number>,
  known: ReadonlyMap<string, number>,
): Candidate['unit'] {
  const headings = new Set(stemsOf(`${section.title} ${section.section ?? ''}`));
  let best: Candidate['unit'] = { share: 0, words: 0, known: { share: 0, words: 0 } };
  for (const unit of unitsOf(section)) {
    const found = coverage(weighed, unit.stems, headings);
    if (found.share > best.share) best = { ...found, known: coverage(known, unit.stems, headings) };
  }
  return best;
}

/**
 * The passages for a question, best first; none when the docs the reader may read do not answer
 * it. `relevanceFloor: false` (bench/ask only) ranks without deciding that, to measure the ranking apart.
 */
export function retrieve(
  engine: SearchEngine,
  sections: SectionIndex,
  task: AskTask,
  { relevanceFloor = true } = {},
): Passage[] {
  if (relevanceFloor && isOffTopic(task.question)) return [];
  const allowed = new Set(task.allowed);
  const query = engineQuery(task.question, task.history);
  const { hits } = engine.search({ query, allowed, limit: DEPTH });
  // A follow-up is judged with the question it follows; a question on its own, by its own words.
  const previous = task.history.at(-1)?.question ?? '';
  const own = weights(task.question, sections);
  // The thread's topic is the earlier question's; a word of the follow-up the docs never use ("undo")
  // then says nothing about whether they answer it.
  const weighed = own.size < 3 && previous ? known(weights(`${task.question} ${previous}`, sections), sections) : own;
  if (weighed.size === 0) return [];
  const used = known(weighed, sections);
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  hits.forEach((hit) => {
    const section = usable(sections, hit.record.url, seen);
    // The engine admitted only the reader's levels; checked again where the text is taken.
    if (!section || !allowed.has(section.level)) return;
    seen.add(section.url);
    candidates.push({ section, unit: bestUnit(section, weighed, used) });
  });
  const minWords = Math.min(MIN_WORDS, weighed.size);
  const relevant = relevanceFloor ? candidates.filter((c) => c.unit.words >= minWords) : candidates;
  const best = Math.max(0, ...relevant.map((c) => c.unit.share));
  const answersKnown = relevant.some(
    ({ unit: { known } }) => known.words >= KNOWN_WORDS && known.words >= KNOWN_SHARE * used.size,
  );
  if (relevanceFloor && best < RELEVANCE_FLOOR && !answersKnown) return [];
  return diverse(
    order(
      relevant.filter((c) => !relevanceFloor || c.unit.share >= best * RELATIVE_FLOOR),
      weighed,
      sections,
    ),
  )
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

/** Reciprocal-rank fusion's constant (Cormack, Clarke and Büttcher, SIGIR 2009), as page-evidence.ts. */
const RRF_K = 60;
/** BM25's saturation and length normalisation, the usual values. */
const K1 = 1.2;
const B = 0.75;

/** BM25 of a section for the question's weighed stems: how much the section is about them, repeats counted. */
function bm25(section: Section, weighed: ReadonlyMap<string, number>, sections: SectionIndex): number {
  const norm = K1 * (1 - B + (B * section.length) / sections.meanLength);
  let sum = 0;
  for (const [s, idf] of weighed) {
    const tf = section.counts.get(s) ?? 0;
    if (tf > 0) sum += (idf * tf * (K1 + 1)) / (tf + norm);
  }
  return sum;
}

/**
 * The passages' order: the engine's first hit first (its most confident: the first citation is an
 * expected page as often as without fusion), then the engine's order fused by reciprocal rank with
 * a section-level BM25 of the question's words (equal weights, no fitted parameter). The engine
 * ranks records (a paragraph, a cell) and pages; BM25 judges the section a passage is, the unit an
 * answer quotes. On the tuning half the first three citations then include an expected page for 62
 * of 65 questions instead of 60; nudging the engine's order by coverage instead found none more.
 */
function order(
  candidates: readonly Candidate[],
  weighed: ReadonlyMap<string, number>,
  sections: SectionIndex,
): { section: Section; score: number }[] {
  const scores = new Map<Candidate, number>(candidates.map((c, i) => [c, 1 / (RRF_K + i)]));
  candidates
    .map((c) => ({ c, bm25: bm25(c.section, weighed, sections) }))
    .sort((a, b) => b.bm25 - a.bm25)
    .forEach(({ c }, i) => {
      scores.set(c, (scores.get(c) ?? 0) + 1 / (RRF_K + i));
    });
  const first = candidates[0];
  if (first) scores.set(first, 1);
  return candidates.map((c) => ({ section: c.section, score: scores.get(c) ?? 0 })).sort((a, b) => b.score - a.score);
}

/**
 * Each further section of a page counts this much less: a reader (or a model) gains more from a
 * second page than from a third section of the first. 0.5 on the tuning half (0.3: as good; 0.7
 * and 0.8: fewer expected pages among the first three citations).
 */
const SAME_PAGE = 0.5;

/** Passages best first, a page's second and later sections discounted so that other pages get a place. */
function diverse<T extends { section: Section; score: number }>(ranked: readonly T[]): T[] {
  const perPage = new Map<string, number>();
  return ranked
    .map((entry) => {
      const before = perPage.get(entry.section.page) ?? 0;
      perPage.set(entry.section.page, before + 1);
      return { ...entry, score: entry.score * SAME_PAGE ** before };
    })
    .sort((a, b) => b.score - a.score);
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
