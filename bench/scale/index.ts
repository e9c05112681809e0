/**
 * bench/scale: how the portal's costs grow with its content. For each factor (1×, 2×, 4×, 8×
 * today's docs; synthetic.ts makes the copies) it builds the site and measures:
 * - build: wall time and peak memory of `npm run build` (API generation, examples check, Docusaurus),
 *   and each phase's time and peak (build-profile.ts): what bounds the build at scale;
 * - gate: start-up time to /readyz and resident memory (access manifest, search records), and its peak
 *   after the search load;
 * - search: p50/p99 of the question sets over HTTP, as DocSearch sends them;
 * - pages: Lighthouse mobile TBT on a guide and an API operation (medians), and the size of the two
 *   scripts every page loads, main.js and the bundler's runtime (its map of every chunk's file name).
 * It prints each measure with its growth against the pages' growth (exponent 1 = linear) and
 * extrapolates to 10,000 pages from the two largest sizes. Nothing here is asserted by a test.
 *
 *   npm run bench:scale                                 (factors 1,2,4,8; 3 Lighthouse rounds)
 *   BENCH_SCALE_FACTORS=1,2 BENCH_ROUNDS=1 npm run bench:scale
 *   BENCH_SCALE_FROM=bench/results/scale/rows.json npm run bench:scale   (the last run's table again)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ACCESS_MANIFEST_FILE, type AccessManifest, isPageFile } from '@tala/policy';
import { loadConfig } from '@tala/server/src/config.ts';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { type Gate, startGate } from '../hardening/gate.ts';
import { lighthouseRun } from '../lighthouse-run.ts';
import type { HttpJob } from '../search/http-client.ts';
import { median, percentile } from '../stats.ts';
import { type Phase, profiledBuild, type SsgProfile } from './build-profile.ts';
import { scaledSite } from './synthetic.ts';

const FACTORS = (process.env.BENCH_SCALE_FACTORS ?? '1,2,4,8').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_PAGES = 10_000;
const root = path.resolve(import.meta.dirname, '../..');
const PAGES = { guide: '/studio/deploy/', 'API operation': '/reference/apis/studio/publish-environments/publish/' };
const INDEX_NAME = loadConfig({}).search.indexName;

interface Row {
  factor: number;
  pages: number;
  buildSeconds: number;
  buildPeakMiB: number;
  startupMs: number;
  gateRssMiB: number;
  gatePeakMiB: number;
  searchP50: number;
  searchP99: number;
  mainJsKiB: number;
  /** Absent in runs before stop 41. */
  runtimeKiB?: number;
  tbt: Record<string, number>;
  phases?: Phase[];
  ssg?: SsgProfile;
}

/** The pages of a build as the path model tells them, from its access manifest. */
function countPages(buildDir: string): number {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  return Object.keys(manifest.files).filter(isPageFile).length;
}

/** A script every page loads: `main` or the bundler's runtime (`runtime~main`: every chunk's file name). */
function entryScriptKiB(buildDir: string, name: 'main' | 'runtime~main'): number {
  const js = path.join(buildDir, 'assets/js');
  const file = readdirSync(js).find((f) => f.startsWith(`${name}.`) && /\.[0-9a-f]+\.js$/.test(f));
  return file ? statSync(path.join(js, file)).size / 1024 : NaN;
}

/** /proc/<pid>/status fields in MiB (VmRSS: now; VmHWM: peak). */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return Number(line?.[1]) / 1024;
}

/** bench/hardening's gate (its own process), and how long it took to answer /readyz with 200. */
async function startTimedGate(buildDir: string): Promise<{ gate: Gate; startupMs: number }> {
  const started = performance.now();
  const gate = await startGate({
    BUILD_DIR: buildDir,
    SKIP_AUTHENTICATION: 'true',
    SEARCH_RATE_PER_MINUTE: '1000000',
    SEARCH_HEAVY_RATE_PER_MINUTE: '1000000',
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  // startGate waits for /healthz (alive); readiness also needs the manifest and the search engines.
  while (
    !(await fetch(`${gate.origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (performance.now() - started > 120_000) throw new Error('bench/scale: the gate was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { gate, startupMs: performance.now() - started };
}

/** The question sets through bench/search's HTTP client process (one warm-up pass, then `runs`). */
async function searchTimes(origin: string, runs: number): Promise<number[]> {
  const queries = ['questions-tuning.json', 'questions-holdout.json', 'queries.json'].flatMap((file) =>
    (JSON.parse(readFileSync(path.join(root, 'bench/search', file), 'utf8')) as { query: string }[]).map(
      (q) => q.query,
    ),
  );
  const job: HttpJob = { origin, queries, indexName: INDEX_NAME, runs };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/search/http-client.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(job));
  const [output, [code]] = await Promise.all([text(child.stdout), once(child, 'exit')]);
  if (code !== 0) throw new Error(`bench/scale: the search client exited with ${code}`);
  return (JSON.parse(output) as number[]).sort((a, b) => a - b);
}

async function tbt(chromePort: number, url: string): Promise<number> {
  const lhr = await lighthouseRun(chromePort, url, 'performance');
  const value = lhr.audits['total-blocking-time']?.numericValue;
  if (value === undefined) throw new Error(`bench/scale: Lighthouse measured no TBT on ${url}`);
  return value;
}

async function measure(factor: number): Promise<Row> {
  const { siteDir, guides, operations } = scaledSite(factor);
  console.log(`${factor}×: +${guides} guide pages, +${operations} operations; building…`);
  const built = await profiledBuild(siteDir, path.join(root, `bench/results/scale/build-${factor}x.log`));
  const buildDir = path.join(siteDir, 'build');
  const pages = countPages(buildDir);
  console.log(
    `${factor}×: ${pages} pages built in ${built.seconds.toFixed(0)} s, peak ${built.peakMiB.toFixed(0)} MiB`,
  );
  const { gate, startupMs } = await startTimedGate(buildDir);
  const { pid } = gate;
  try {
    const gateRssMiB = memoryMiB(pid, 'VmRSS');
    const times = await searchTimes(gate.origin, 3);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    const tbts: Record<string, number> = {};
    try {
      for (const [name, page] of Object.entries(PAGES)) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round++) samples.push(await tbt(chrome.port, `${gate.origin}${page}`));
        tbts[name] = median(samples);
      }
    } finally {
      await chrome.kill();
    }
    return {
      factor,
      pages,
      buildSeconds: built.seconds,
      buildPeakMiB: built.peakMiB,
      startupMs,
      gateRssMiB,
      gatePeakMiB: memoryMiB(pid, 'VmHWM'),
      searchP50: percentile(times, 50),
      searchP99: percentile(times, 99),
      mainJsKiB: entryScriptKiB(buildDir, 'main'),
      runtimeKiB: entryScriptKiB(buildDir, 'runtime~main'),
      tbt: tbts,
      phases: built.phases,
      ...(built.ssg ? { ssg: built.ssg } : {}),
    };
  } finally {
    await gate.stop();
  }
}

const ROWS_FILE = path.join(root, 'bench/results/scale/rows.json');
const rows: Row[] = [];
if (process.env.BENCH_SCALE_FROM) {
  // Prints the table of an earlier run again (e.g. after changing how it extrapolates).
  // npm runs the workspace script in bench/; INIT_CWD is where the command was typed.
  const from = path.resolve(process.env.INIT_CWD ?? root, process.env.BENCH_SCALE_FROM);
  rows.push(...(JSON.parse(readFileSync(from, 'utf8')) as Row[]));
} else {
  for (const factor of FACTORS) rows.push(await measure(factor));
  writeFileSync(ROWS_FILE, `${JSON.stringify(rows, null, 1)}\n`);
}

const measures: [string, (r: Row) => number, number][] = [
  ['build time (s)', (r) => r.buildSeconds, 0],
  ['build peak memory (MiB)', (r) => r.buildPeakMiB, 0],
  ['gate start-up to /readyz (ms)', (r) => r.startupMs, 0],
  ['gate RSS when ready (MiB)', (r) => r.gateRssMiB, 0],
  ['gate peak RSS after searches (MiB)', (r) => r.gatePeakMiB, 0],
  ['search p50 (ms)', (r) => r.searchP50, 1],
  ['search p99 (ms)', (r) => r.searchP99, 1],
  ['main.js (KiB)', (r) => r.mainJsKiB, 0],
  ['runtime~main.js (KiB)', (r) => r.runtimeKiB ?? NaN, 0],
  ...Object.keys(PAGES).map(
    (name) =>
      [`TBT, ${name} (ms, Lighthouse mobile)`, (r: Row) => r.tbt[name] ?? NaN, 0] as [
        string,
        (r: Row) => number,
        number,
      ],
  ),
];
const first = rows[0] as Row;
const last = rows.at(-1) as Row;

/** Least-squares line through (x, y) points. */
function fitLine(points: [number, number][]): { slope: number; intercept: number } {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0) / sxx;
  return { slope, intercept: my - slope * mx };
}

/**
 * Over every size measured (least squares, so that one noisy size does not decide): the exponent
 * of v ∝ pages^e (1 = linear), and v at TARGET_PAGES — by that power law when growth is faster than
 * linear (e > 1), else by a line, a fixed part plus a part per page (which a power law below 1
 * underestimates), or flat when the line does not rise.
 */
function extrapolate(pick: (r: Row) => number): { exponent: number; at: number } {
  const power = fitLine(rows.map((r) => [Math.log(r.pages), Math.log(pick(r))]));
  const line = fitLine(rows.map((r) => [r.pages, pick(r)]));
  const mean = rows.reduce((sum, r) => sum + pick(r), 0) / rows.length;
  const at =
    power.slope > 1
      ? Math.exp(power.intercept + power.slope * Math.log(TARGET_PAGES))
      : // Not growing (within noise): flat at the mean.
        line.slope <= 0
        ? mean
        : line.intercept + line.slope * TARGET_PAGES;
  return { exponent: power.slope, at };
}

console.log(`\nbench/scale: ${rows.map((r) => `${r.factor}× = ${r.pages} pages`).join(', ')}`);
console.log(
  `| measure | ${rows.map((r) => `${r.factor}×`).join(' | ')} | growth ${last.factor}×/${first.factor}× | exponent | at ${TARGET_PAGES} pages |`,
);
console.log(`|---|${rows.map(() => '---|').join('')}---|---|---|`);
for (const [name, pick, digits] of measures) {
  const { exponent, at } = extrapolate(pick);
  console.log(
    `| ${name} | ${rows.map((r) => pick(r).toFixed(digits)).join(' | ')} | ${(pick(last) / pick(first)).toFixed(2)} | ${exponent.toFixed(2)} | ${at.toFixed(digits)} |`,
  );
}
// Where the build's time and memory go, per phase (the tree's sampled resident memory while it ran).
const phaseNames = [...new Set(rows.flatMap((r) => (r.phases ?? []).map((p) => p.name)))];
if (phaseNames.length > 0) {
  console.log(`\n| build phase: seconds / peak MiB | ${rows.map((r) => `${r.factor}×`).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---|').join('')}`);
  for (const name of phaseNames) {
    const cells = rows.map((r) => {
      const phase = r.phases?.find((p) => p.name === name);
      return phase ? `${phase.seconds.toFixed(1)} / ${phase.peakMiB.toFixed(0)}` : '–';
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}
// SSG: whether a page costs more as the run goes on (the workers' own task logs).
if (rows.some((r) => r.ssg)) {
  console.log(`\n| SSG | ${rows.map((r) => `${r.factor}×`).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---|').join('')}`);
  const cell = (pick: (s: SsgProfile) => string) => rows.map((r) => (r.ssg ? pick(r.ssg) : '–')).join(' | ');
  console.log(
    `| ms a page, by fifth of the run | ${cell((s) => s.msPerPageByFifth.map((ms) => ms.toFixed(1)).join(' → '))} |`,
  );
  console.log(`| worker starts | ${cell((s) => String(s.workerStarts))} |`);
  console.log(`| largest worker heap (MiB) | ${cell((s) => s.workerHeapMaxMiB.toFixed(0))} |`);
}
const buildAt = extrapolate((r) => r.buildSeconds).at;
const memory = extrapolate((r) => r.buildPeakMiB).at;
console.log(
  `\nA ${TARGET_PAGES}-page build: about ${(buildAt / 60).toFixed(0)} min (budget 15) and ${(memory / 1024).toFixed(1)} GiB at peak (budget 8) on this machine.`,
);
const guide = (r: Row) => r.tbt.guide ?? NaN;
console.log(
  `Per-page cost: a guide's TBT ${guide(first).toFixed(0)} → ${guide(last).toFixed(0)} ms from ${first.pages} to ${last.pages} pages (main.js ${first.mainJsKiB.toFixed(0)} → ${last.mainJsKiB.toFixed(0)} KiB, runtime ${(first.runtimeKiB ?? NaN).toFixed(0)} → ${(last.runtimeKiB ?? NaN).toFixed(0)} KiB): ${guide(last) > guide(first) * 1.25 ? 'not flat' : 'flat within noise'}.`,
);
