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
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';
import { loadRecords, loadSynonyms, SEARCH_RECORDS_FILE } from '../../server/src/search/records.ts';
import { type BenchEngine, flexsearch, lunrEngine, minisearchDefaults, orama, tala } from './engines.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const buildDir = path.resolve(import.meta.dirname, '../../site/build');
if (!existsSync(path.join(buildDir, SEARCH_RECORDS_FILE))) {
  console.error('bench/search: no search records at site/build; run `npm run build` first.');
  process.exit(1);
}

interface Query {
  query: string;
  expected: string[];
  kind: string;
}

/**
 * Two query sets. `queries.json` is the tuning set: ranking rules and records were adjusted while
 * looking at its misses. `queries-holdout.json` was written blind to the engine and is never tuned
 * against; a rule that helps the first set but not the second is fitting the set, not the readers.
 */
const QUERY_SETS = [
  { name: 'tuning', file: 'queries.json' },
  { name: 'held-out', file: 'queries-holdout.json' },
] as const;
const sets = QUERY_SETS.map(({ name, file }) => ({
  name,
  queries: JSON.parse(readFileSync(path.resolve(import.meta.dirname, file), 'utf8')) as Query[],
}));
const queries: Query[] = sets.flatMap((set) => set.queries);
/** For each query, the index of its set. */
const setIndex = sets.flatMap((set, s) => set.queries.map(() => s));

const pageOf = (url: string) => new URL(url, 'http://x').pathname;

interface Relevance {
  at1: number;
  at5: number;
  mrr: number;
  /** success@5 per query set, in QUERY_SETS order. */
  at5BySet: number[];
  misses: string[];
}

function relevance(ranked: string[][]): Relevance {
  let at1 = 0;
  let mrr = 0;
  const hitsBySet = sets.map(() => 0);
  const misses: string[] = [];
  ranked.forEach((urls, i) => {
    const query = queries[i] as Query;
    const pages = [...new Set(urls.map(pageOf))];
    const rank = pages.findIndex((p) => query.expected.includes(p)) + 1;
    if (rank === 1) at1++;
    const s = setIndex[i] as number;
    if (rank >= 1 && rank <= 5) hitsBySet[s] = (hitsBySet[s] as number) + 1;
    else misses.push(`[${sets[s]?.name}] ${query.query} (${query.kind}) → ${pages.slice(0, 3).join(' ') || 'nothing'}`);
    if (rank > 0) mrr += 1 / rank;
  });
  const n = ranked.length;
  const at5BySet = sets.map((set, s) => (hitsBySet[s] as number) / set.queries.length);
  const at5 = hitsBySet.reduce((a, b) => a + b, 0) / n;
  return { at1: at1 / n, at5, mrr: mrr / n, at5BySet, misses };
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
  ['flexsearch', () => flexsearch(records)],
  ['lunr', () => lunrEngine(records)],
  ['orama', () => orama(records)],
];
const chosen = process.env.BENCH_ENGINES?.split(',').map((e) => e.trim());
const rows: string[][] = [];
let talaResult: (Relevance & { p50: number; p99: number }) | null = null;
let baseline: { p50: number; p99: number } | null = null;
for (const [key, build] of builders) {
  if (chosen && !chosen.includes(key)) continue;
  const started = performance.now();
  const engine = await build();
  const buildMs = performance.now() - started;
  const m = await measure(engine);
  if (key === 'tala') talaResult = m;
  if (key === 'minisearch') baseline = m;
  rows.push([
    engine.name,
    m.at1.toFixed(3),
    m.at5.toFixed(3),
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
    ...blanks(3 + sets.length),
    http.p50.toFixed(2),
    http.p99.toFixed(2),
    '',
  ]);
}

const header = [
  'engine',
  'success@1',
  'success@5',
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
if (talaResult && baseline) {
  console.log(
    `\nratio tala / MiniSearch defaults (same run): p50 ${(talaResult.p50 / baseline.p50).toFixed(2)}, p99 ${(talaResult.p99 / baseline.p99).toFixed(2)}`,
  );
}
if (talaResult) {
  console.log(
    `targets: success@5 ≥ 0.95 (tala ${talaResult.at5.toFixed(3)}), p99 server-side ≤ 5 ms (tala ${talaResult.p99.toFixed(2)} ms)`,
  );
  if (talaResult.misses.length > 0) console.log(`\ntala misses (not in top 5):\n  ${talaResult.misses.join('\n  ')}`);
}
