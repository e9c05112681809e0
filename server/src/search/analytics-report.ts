/**
 * `npm run search:report -- [log files…]` (or logs on stdin): what readers searched for in the
 * last week of the gate's logs, for docs writers. Reads the JSON lines the gates write (any number
 * of replicas, any order), keeps the search and click events (analytics.ts), and prints the top
 * queries, the queries with no results, and those with results nobody opened, each with what to
 * do: a synonym for words the docs do not use, or the pages the engine offers today. Then the
 * writers' loop (feedback.ts): questions "Ask the docs" answered with nothing, answers readers
 * marked unhelpful with their reasons, and "Was this page helpful?" per page.
 *
 *   kubectl logs -l app=tala-docs --since=168h --tail=-1 --max-log-requests=10 | npm run search:report
 *   npm run search:report -- /var/log/tala-docs/*.log --days 30
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ACCESS_LEVELS } from '@tala/policy';
import { readVariables } from '../env.ts';
import { CLICK_EVENT, type ClickEvent, SEARCH_EVENT, type SearchEvent } from './analytics.ts';
import { SearchEngine } from './engine.ts';
import { ASK_FEEDBACK_EVENT, type AskFeedbackEvent, PAGE_FEEDBACK_EVENT, type PageFeedbackEvent } from './feedback.ts';
import { loadRecords, loadSynonyms, SEARCH_RECORDS_FILE } from './records.ts';
import { term, words } from './text.ts';

interface Logged {
  time: number;
  search?: SearchEvent;
  click?: ClickEvent;
  askFeedback?: AskFeedbackEvent;
  pageFeedback?: PageFeedbackEvent;
}

/** A search typed further within this long (the modal searches as the reader types) was not final. */
const TYPING_MS = 10_000;

export interface QueryStats {
  query: string;
  searches: number;
  hits: number;
  clicks: number;
  positions: number[];
}

async function* lines(files: readonly string[]): AsyncGenerator<string> {
  const sources = files.length > 0 ? files.map((file) => createReadStream(file)) : [process.stdin];
  for (const source of sources)
    for await (const line of createInterface({ input: source, crlfDelay: Infinity })) yield line;
}

export async function readEvents(source: AsyncIterable<string>): Promise<Logged[]> {
  const events: Logged[] = [];
  for await (const line of source) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as Partial<Logged> & { msg?: string; time?: number };
      const time = typeof entry.time === 'number' ? entry.time : 0;
      if (entry.msg === SEARCH_EVENT && typeof entry.search?.query === 'string')
        events.push({ time, search: entry.search });
      if (entry.msg === CLICK_EVENT && typeof entry.click?.query === 'string')
        events.push({ time, click: entry.click });
      if (entry.msg === ASK_FEEDBACK_EVENT && typeof entry.askFeedback?.question === 'string')
        events.push({ time, askFeedback: entry.askFeedback });
      if (entry.msg === PAGE_FEEDBACK_EVENT && typeof entry.pageFeedback?.page === 'string')
        events.push({ time, pageFeedback: entry.pageFeedback });
    } catch {
      // Not a log line of ours (a pretty-printed line, a stack from elsewhere): skipped.
    }
  }
  return events.sort((a, b) => a.time - b.time);
}

/**
 * Per query, over `days` up to the newest event. Searches that the same words were typed further
 * within TYPING_MS of ("publ" before "publish") are dropped: the events carry no reader, so this
 * is a statistical cleaning, right when readers do not type the same prefix at the same moment.
 */
export function summarise(events: readonly Logged[], days: number): QueryStats[] {
  const newest = events.at(-1)?.time ?? 0;
  const recent = events.filter((e) => (e.search || e.click) && e.time >= newest - days * 86_400_000);
  const stats = new Map<string, QueryStats>();
  const entry = (query: string) => {
    let found = stats.get(query);
    if (!found) {
      found = { query, searches: 0, hits: 0, clicks: 0, positions: [] };
      stats.set(query, found);
    }
    return found;
  };
  recent.forEach((event, i) => {
    if (event.click) {
      const found = entry(event.click.query);
      found.clicks++;
      found.positions.push(event.click.position);
      return;
    }
    const search = event.search as SearchEvent;
    for (let j = i + 1; j < recent.length && (recent[j] as Logged).time - event.time <= TYPING_MS; j++) {
      const later = (recent[j] as Logged).search?.query;
      if (later && later !== search.query && later.startsWith(search.query)) return;
    }
    const found = entry(search.query);
    found.searches++;
    found.hits = search.hits;
  });
  return [...stats.values()]
    .filter((s) => s.searches > 0)
    .sort((a, b) => b.searches - a.searches || a.query.localeCompare(b.query));
}

export interface FeedbackStats {
  /** Questions "Ask the docs" answered with nothing (no citations), most asked first. */
  unanswered: { question: string; count: number }[];
  /** Answers readers gave a thumbs down, most first, with the reasons they wrote. */
  thumbsDown: { question: string; count: number; reasons: string[] }[];
  thumbsUp: number;
  /** "Was this page helpful?" per page, most answers first. */
  pages: { page: string; yes: number; no: number; reasons: string[] }[];
}

/** The feedback events of the last `days` up to the newest event (of any kind). */
export function summariseFeedback(events: readonly Logged[], days: number): FeedbackStats {
  const newest = events.at(-1)?.time ?? 0;
  const recent = events.filter((e) => e.time >= newest - days * 86_400_000);
  const unanswered = new Map<string, { question: string; count: number }>();
  const thumbsDown = new Map<string, { question: string; count: number; reasons: string[] }>();
  const pages = new Map<string, { page: string; yes: number; no: number; reasons: string[] }>();
  let thumbsUp = 0;
  for (const { askFeedback: ask, pageFeedback: page } of recent) {
    if (ask?.verdict === 'unanswered') {
      const found = unanswered.get(ask.question) ?? { question: ask.question, count: 0 };
      found.count++;
      unanswered.set(ask.question, found);
    } else if (ask?.verdict === 'down') {
      const found = thumbsDown.get(ask.question) ?? { question: ask.question, count: 0, reasons: [] };
      found.count++;
      if (ask.reason) found.reasons.push(ask.reason);
      thumbsDown.set(ask.question, found);
    } else if (ask?.verdict === 'up') thumbsUp++;
    if (page) {
      const found = pages.get(page.page) ?? { page: page.page, yes: 0, no: 0, reasons: [] };
      if (page.helpful) found.yes++;
      else found.no++;
      if (page.reason) found.reasons.push(`${page.helpful ? 'yes' : 'no'}: ${page.reason}`);
      pages.set(page.page, found);
    }
  }
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  return {
    unanswered: [...unanswered.values()].sort((a, b) => byCount(a, b) || a.question.localeCompare(b.question)),
    thumbsDown: [...thumbsDown.values()].sort((a, b) => byCount(a, b) || a.question.localeCompare(b.question)),
    thumbsUp,
    // The pages readers found least helpful first: more "no" than "yes", then by answers.
    pages: [...pages.values()].sort(
      (a, b) => b.no - b.yes - (a.no - a.yes) || b.yes + b.no - (a.yes + a.no) || a.page.localeCompare(b.page),
    ),
  };
}

/** Rows in aligned columns; a row that is a string (a reader's reason) is its own indented line. */
function table(title: string, rows: (string[] | string)[], empty: string): string {
  if (rows.length === 0) return `${title}\n  ${empty}\n`;
  const cells = rows.filter((r): r is string[] => Array.isArray(r));
  const widths = (cells[0] ?? []).map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[] | string) =>
    typeof r === 'string'
      ? `      ${r}`
      : `  ${r
          .map((cell, c) => cell.padEnd(widths[c] as number))
          .join('  ')
          .trimEnd()}`;
  return `${title}\n${rows.map(line).join('\n')}\n`;
}

export function report(
  stats: readonly QueryStats[],
  engine: SearchEngine | null,
  { days, top = 20 } = { days: 7 },
  feedback: FeedbackStats = { unanswered: [], thumbsDown: [], thumbsUp: 0, pages: [] },
): string {
  const everyone = new Set(ACCESS_LEVELS);
  const pagesFor = (query: string) =>
    engine
      ? engine
          .search({ query, allowed: everyone, limit: 3 })
          .hits.map((h) => h.record.url.split('#')[0])
          .join(' ')
      : '(no build to ask)';
  const unknownWords = (query: string) => {
    if (!engine) return [];
    return words(query)
      .map((w) => w.text.toLowerCase())
      .filter((w) => engine.search({ query: w, allowed: everyone, limit: 1 }).nbHits === 0 && term(w).length > 1);
  };
  const searches = stats.reduce((n, s) => n + s.searches, 0);
  const noResults = stats.filter((s) => s.hits === 0);
  const noClick = stats.filter((s) => s.hits > 0 && s.clicks === 0);
  return [
    `Searches in the last ${days} days: ${searches} (${stats.length} distinct queries), ${noResults.reduce((n, s) => n + s.searches, 0)} without results.\n`,
    table(
      `Top queries`,
      stats
        .slice(0, top)
        .map((s) => [
          String(s.searches),
          s.query,
          `${s.hits} hits`,
          `${s.clicks} clicks`,
          s.positions.length ? `first click at #${Math.min(...s.positions)}` : '',
        ]),
      'none',
    ),
    table(
      'No results: add a synonym for words the docs do not use (site/search/synonyms.yml), or write the page',
      noResults.slice(0, top).map((s) => {
        const unknown = unknownWords(s.query);
        return [
          String(s.searches),
          s.query,
          unknown.length ? `words not in the docs: ${unknown.join(', ')}` : 'every word is in the docs, never together',
        ];
      }),
      'none',
    ),
    table(
      'Results, but nobody opened one: the pages offered today (check the first answers the query)',
      noClick.slice(0, top).map((s) => [String(s.searches), s.query, pagesFor(s.query)]),
      'none',
    ),
    table(
      'Questions "Ask the docs" answered with nothing: the docs readers may read do not cover them (write the section)',
      feedback.unanswered.slice(0, top).map((q) => [String(q.count), q.question]),
      'none',
    ),
    table(
      `Answers readers marked unhelpful (${feedback.thumbsUp} marked helpful): check the cited sections`,
      feedback.thumbsDown
        .slice(0, top)
        .flatMap((q) => [[String(q.count), q.question], ...q.reasons.map((reason) => `"${reason}"`)]),
      'none',
    ),
    table(
      'Was this page helpful? (least helpful first)',
      feedback.pages
        .slice(0, top)
        .flatMap((p) => [[p.page, `${p.yes} yes`, `${p.no} no`], ...p.reasons.map((reason) => `"${reason}"`)]),
      'none',
    ),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const daysAt = args.indexOf('--days');
  const days = daysAt >= 0 ? Number(args[daysAt + 1]) : 7;
  const files = args.filter((arg, i) => arg !== '--days' && (daysAt < 0 || i !== daysAt + 1));
  if (!Number.isFinite(days) || days <= 0) {
    console.error('search:report: --days takes a positive number');
    process.exit(1);
  }
  const { BUILD_DIR } = readVariables(process.env, ['BUILD_DIR'] as const);
  const buildDir = path.resolve(BUILD_DIR ?? path.resolve(import.meta.dirname, '../../../site/build'));
  const engine = existsSync(path.join(buildDir, SEARCH_RECORDS_FILE))
    ? new SearchEngine(await loadRecords(buildDir), await loadSynonyms(buildDir))
    : null;
  const events = await readEvents(lines(files));
  console.log(report(summarise(events, days), engine, { days }, summariseFeedback(events, days)));
}
