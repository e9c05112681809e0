/**
 * bench/search: relevance and latency of the embedded search engine, against other engines on the
 * same records in the same run (the machines are noisy: compare rows, not runs).
 *
 * Relevance on two query sets (QUERY_SETS: exact titles, typos, prefixes, task phrasings, API operations):
 * success@1, success@5 and MRR over pages (a hit's URL without its anchor; several hits of one
 * page count once). Latency per query, in process ("server-side"), and for the portal's engine
 * also over HTTP through the gate (`POST /1/indexes/*\/queries`, as DocSearch sends it).
 *
 *   npm run bench:search                      (5 timed runs per query)
 *   BENCH_RUNS=20 npm run bench:search
 *   BENCH_ENGINES=tala BENCH_HTTP=0 npm run bench:search   (relevance of the portal's engine only)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';
import { loadRecords, loadSynonyms, SEARCH_RECORDS_FILE } from '../../server/src/search/records.ts';
import {
  type BenchEngine,
  flexsearch,
  lunrEngine,
  MINISEARCH_TUNED,
  minisearchDefaults,
  minisearchTunable,
  orama,
  tala,
} from './engines.ts';
import { HELD_OUT_FILE, loadQueries, type Query, rankOf, TUNING_FILE } from './quality.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const buildDir = path.resolve(import.meta.dirname, '../../site/build');
if (!existsSync(path.join(buildDir, SEARCH_RECORDS_FILE))) {
  console.error('bench/search: no search records at site/build; run `npm run build` first.');
  process.exit(1);
}

/** Two query sets (quality.ts): the tuning set and the held-out set, never tuned against. */
const QUERY_SETS = [
  { name: 'tuning', file: TUNING_FILE },
  { name: 'held-out', file: HELD_OUT_FILE },
] as const;
const sets = QUERY_SETS.map(({ name, file }) => ({ name, queries: loadQueries(file) }));
const queries: Query[] = sets.flatMap((set) => set.queries);
/** For each query, the index of its set. */
const setIndex = sets.flatMap((set, s) => set.queries.map(() => s));

interface Relevance {
  at1: number;
  at5: number;
  mrr: number;
  /** success@1 and success@5 per query set, in QUERY_SETS order. */
  at1BySet: number[];
  at5BySet: number[];
  misses: string[];
}

function relevance(ranked: string[][]): Relevance {
  let mrr = 0;
  const firstBySet = sets.map(() => 0);
  const topFiveBySet = sets.map(() => 0);
  const misses: string[] = [];
  ranked.forEach((urls, i) => {
    const query = queries[i] as Query;
    const { pages, rank } = rankOf(urls, query);
    const s = setIndex[i] as number;
    if (rank === 1) firstBySet[s] = (firstBySet[s] as number) + 1;
    if (rank >= 1 && rank <= 5) topFiveBySet[s] = (topFiveBySet[s] as number) + 1;
    else misses.push(`[${sets[s]?.name}] ${query.query} (${query.kind}) → ${pages.slice(0, 3).join(' ') || 'nothing'}`);
    if (rank > 0) mrr += 1 / rank;
  });
  const n = ranked.length;
  const sum = (counts: number[]) => counts.reduce((x, y) => x + y, 0);
  const bySet = (counts: number[]) => sets.map((set, s) => (counts[s] as number) / set.queries.length);
  return {
    at1: sum(firstBySet) / n,
    at5: sum(topFiveBySet) / n,
    mrr: mrr / n,
    at1BySet: bySet(firstBySet),
    at5BySet: bySet(topFiveBySet),
    misses,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

async function measure(engine: BenchEngine) {
  const ranked: string[][] = [];
  for (const q of queries) ranked.push(await engine.search(q.query)); // warm-up and relevance
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const q of queries) {
      const started = process.hrtime.bigint();
      await engine.search(q.query);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  return { ...relevance(ranked), p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function overHttp(): Promise<{ p50: number; p99: number }> {
  const config = loadConfig({
    ...process.env,
    BUILD_DIR: buildDir,
    SKIP_AUTHENTICATION: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // One reader sends every query several times: the per-reader budget (300 a minute) is not measured here.
    SEARCH_RATE_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const times: number[] = [];
  try {
    for (let run = 0; run <= RUNS; run++) {
      for (const q of queries) {
        const body = JSON.stringify({
          requests: [
            {
              indexName: config.search.indexName,
              query: q.query,
              attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'],
              snippetEllipsisText: '…',
              highlightPreTag: '<mark>',
              highlightPostTag: '</mark>',
              hitsPerPage: 20,
              facetFilters: [
                'language:en',
                [
                  'docusaurus_tag:default',
                  'docusaurus_tag:docs-default-current',
                  'docusaurus_tag:docs-on-prem-current',
                ],
              ],
            },
          ],
        });
        const started = process.hrtime.bigint();
        const response = await fetch(`${address}/1/indexes/*/queries`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${q.query}`);
        if (run > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  } finally {
    await app.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const records = await loadRecords(buildDir);
// The writers' synonyms (site/search/synonyms.yml) are part of the portal's engine; the row without
// them shows what they add, since the other engines get none.
const synonyms = await loadSynonyms(buildDir);
console.log(
  `bench/search: ${queries.length} queries (${sets.map((set) => `${set.queries.length} ${set.name}`).join(', ')}), ${records.length} records, ${RUNS} timed runs per query\n`,
);
const builders: [string, () => BenchEngine | Promise<BenchEngine>][] = [
  ['tala', () => tala(records, synonyms)],
  ['tala-plain', () => tala(records)],
  ['minisearch', () => minisearchDefaults(records)],
  // MiniSearch as a fair competitor: our words, typos and synonyms, tuned on the tuning set only.
  ['minisearch-tuned', () => minisearchTunable(records, synonyms)(MINISEARCH_TUNED)],
  ['flexsearch', () => flexsearch(records)],
  ['lunr', () => lunrEngine(records)],
  ['orama', () => orama(records)],
];
const chosen = process.env.BENCH_ENGINES?.split(',').map((e) => e.trim());
const rows: string[][] = [];
const results = new Map<string, Relevance & { p50: number; p99: number }>();
for (const [key, build] of builders) {
  if (chosen && !chosen.includes(key)) continue;
  const started = performance.now();
  const engine = await build();
  const buildMs = performance.now() - started;
  const m = await measure(engine);
  results.set(key, m);
  rows.push([
    engine.name,
    m.at1.toFixed(3),
    m.at5.toFixed(3),
    ...m.at1BySet.map((v) => v.toFixed(3)),
    ...m.at5BySet.map((v) => v.toFixed(3)),
    m.mrr.toFixed(3),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    (buildMs / 1000).toFixed(1),
  ]);
}
const blanks = (n: number) => Array.from({ length: n }, () => '');
if (process.env.BENCH_HTTP !== '0') {
  const http = await overHttp();
  rows.push([
    'tala over HTTP (gate, one query per request)',
    ...blanks(3 + 2 * sets.length),
    http.p50.toFixed(2),
    http.p99.toFixed(2),
    '',
  ]);
}

const header = [
  'engine',
  'success@1',
  'success@5',
  ...sets.map((set) => `s@1 ${set.name}`),
  ...sets.map((set) => `s@5 ${set.name}`),
  'MRR',
  'p50 ms',
  'p99 ms',
  'index s',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
console.log('');
const talaResult = results.get('tala');
for (const [key, label] of [
  ['minisearch', 'MiniSearch defaults'],
  ['minisearch-tuned', 'MiniSearch tuned'],
] as const) {
  const other = results.get(key);
  if (!talaResult || !other) continue;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `ratio tala / ${label} (same run): p50 ${ratio(talaResult.p50, other.p50)}, p99 ${ratio(talaResult.p99, other.p99)}`,
  );
}
if (talaResult) {
  console.log(
    `targets: success@5 ≥ 0.95 (tala ${talaResult.at5.toFixed(3)}), p99 server-side ≤ 5 ms (tala ${talaResult.p99.toFixed(2)} ms)`,
  );
  if (talaResult.misses.length > 0) console.log(`\ntala misses (not in top 5):\n  ${talaResult.misses.join('\n  ')}`);
}
