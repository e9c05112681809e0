/**
 * bench/search: relevance and latency of the embedded search engine, against other engines on the
 * same records in the same run (the machines are noisy: compare rows, not runs).
 *
 * Relevance on queries.json (exact titles, typos, prefixes, task phrasings, API operations):
 * success@1, success@5 and MRR over pages (a hit's URL without its anchor; several hits of one
 * page count once). Latency per query, in process ("server-side"), and for the portal's engine
 * also over HTTP through the gate (`POST /1/indexes/*\/queries`, as DocSearch sends it).
 *
 *   npm run bench:search                      (5 timed runs per query)
 *   BENCH_RUNS=20 npm run bench:search
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';
import { loadRecords, SEARCH_RECORDS_FILE } from '../../server/src/search/records.ts';
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
const queries: Query[] = JSON.parse(readFileSync(path.join(import.meta.dirname, 'queries.json'), 'utf8'));

const pageOf = (url: string) => new URL(url, 'http://x').pathname;

function relevance(ranked: string[][]) {
  let at1 = 0;
  let at5 = 0;
  let mrr = 0;
  const misses: string[] = [];
  ranked.forEach((urls, i) => {
    const query = queries[i] as Query;
    const pages = [...new Set(urls.map(pageOf))];
    const rank = pages.findIndex((p) => query.expected.includes(p)) + 1;
    if (rank === 1) at1++;
    if (rank >= 1 && rank <= 5) at5++;
    else misses.push(`${query.query} (${query.kind}) → ${pages.slice(0, 3).join(' ') || 'nothing'}`);
    if (rank > 0) mrr += 1 / rank;
  });
  const n = ranked.length;
  return { at1: at1 / n, at5: at5 / n, mrr: mrr / n, misses };
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
console.log(`bench/search: ${queries.length} queries, ${records.length} records, ${RUNS} timed runs per query\n`);
const builders: [string, () => BenchEngine | Promise<BenchEngine>][] = [
  ['tala', () => tala(records)],
  ['minisearch', () => minisearchDefaults(records)],
  ['flexsearch', () => flexsearch(records)],
  ['lunr', () => lunrEngine(records)],
  ['orama', () => orama(records)],
];
const rows: string[][] = [];
let talaMisses: string[] = [];
let baseline: { p50: number; p99: number } | null = null;
for (const [key, build] of builders) {
  const started = performance.now();
  const engine = await build();
  const buildMs = performance.now() - started;
  const m = await measure(engine);
  if (key === 'tala') talaMisses = m.misses;
  if (key === 'minisearch') baseline = m;
  rows.push([
    engine.name,
    m.at1.toFixed(3),
    m.at5.toFixed(3),
    m.mrr.toFixed(3),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    (buildMs / 1000).toFixed(1),
  ]);
}
const http = await overHttp();
rows.push(['tala over HTTP (gate, one query per request)', '', '', '', http.p50.toFixed(2), http.p99.toFixed(2), '']);

const header = ['engine', 'success@1', 'success@5', 'MRR', 'p50 ms', 'p99 ms', 'index s'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
const talaRow = rows[0] as string[];
if (baseline) {
  console.log(
    `\nratio tala / MiniSearch defaults (same run): p50 ${(Number(talaRow[4]) / baseline.p50).toFixed(2)}, p99 ${(Number(talaRow[5]) / baseline.p99).toFixed(2)}`,
  );
}
console.log(`targets: success@5 ≥ 0.95 (tala ${talaRow[2]}), p99 server-side ≤ 5 ms (tala ${talaRow[5]} ms)`);
if (talaMisses.length > 0) console.log(`\ntala misses (not in top 5):\n  ${talaMisses.join('\n  ')}`);
