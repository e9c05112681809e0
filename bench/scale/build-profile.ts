/**
 * A site build with its profile: wall time and peak memory overall (GNU time: the largest process's
 * peak RSS) and per phase — API generation, the examples check, Docusaurus's own phases (its
 * DOCUSAURUS_PERF_LOGGER lines) and each post-build step — from the resident memory of the whole
 * process tree, sampled every SAMPLE_MS. Every phase's line is printed when it ends, so a sample
 * belongs to the first phase that ends after it. Docusaurus's SSG workers log every task (pages
 * rendered, time, heap): `ssg` says whether a page costs more late in the run than early (a heap
 * that grows, recycled workers) or the same everywhere. The whole output is kept in `logFile`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SAMPLE_MS = 250;

export interface Phase {
  name: string;
  seconds: number;
  /** The process tree's largest sampled resident memory while the phase ran. */
  peakMiB: number;
}

/** The SSG workers' tasks, in the order they ended. */
export interface SsgProfile {
  /** Rendering time a page (ms of a worker), in each fifth of the tasks. */
  msPerPageByFifth: number[];
  /** Worker starts: more than the worker count means workers were recycled (heap over Docusaurus's limit). */
  workerStarts: number;
  /** The largest heap a worker reported after a task (MiB). */
  workerHeapMaxMiB: number;
}

export interface BuildProfile {
  seconds: number;
  peakMiB: number;
  phases: Phase[];
  ssg?: SsgProfile;
}

const SSG_TASK =
  /^\[PERF\] SSG Worker \d+ - Task \d+ - Rendering (\d+) pathnames - ([\d.]+) (ms|seconds)!? - \(Heap \d+mb -> (\d+)mb/;
const SSG_WORKER_START = /^\[PERF\] SSG Worker \d+ - Initialization - /;

export function ssgProfile(lines: readonly string[]): SsgProfile | undefined {
  const tasks = lines.flatMap((line) => {
    const m = SSG_TASK.exec(line);
    return m ? [{ pages: Number(m[1]), ms: Number(m[2]) * (m[3] === 'ms' ? 1 : 1000), heap: Number(m[4]) }] : [];
  });
  if (tasks.length === 0) return undefined;
  const sum = (list: readonly number[]) => list.reduce((total, n) => total + n, 0);
  const fifth = (i: number) =>
    tasks.slice(Math.floor((i * tasks.length) / 5), Math.floor(((i + 1) * tasks.length) / 5));
  return {
    msPerPageByFifth: [0, 1, 2, 3, 4].map((i) => {
      const part = fifth(i);
      return sum(part.map((t) => t.ms)) / Math.max(1, sum(part.map((t) => t.pages)));
    }),
    workerStarts: lines.filter((line) => SSG_WORKER_START.test(line)).length,
    workerHeapMaxMiB: Math.max(...tasks.map((t) => t.heap)),
  };
}

/** Lines that end a phase, and the phase's name. */
const PHASE_ENDS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^\[tala\] API reference:/, () => 'API pages generated'],
  [/^\[examples\] checked/, () => 'examples checked'],
  // Docusaurus's top-level phases only (nested ones contain another " > ").
  [/^\[PERF\] Build > en > ([^>]+?) - /, (m) => `docusaurus: ${m[1]}`],
  [/^\[tala\] post-build \d+\/\d+ ([^:]+):/, (m) => `post-build: ${m[1]}`],
  [/^\[tala\] search snapshot:/, () => 'search snapshot'],
];

/** The gate's search snapshot, the step the repository's `npm run build` runs after the site's (server/src/search/snapshot.ts). */
const SNAPSHOT_SCRIPT = fileURLToPath(new URL('../../server/src/search/snapshot.ts', import.meta.url));

/** Resident memory (MiB) of a process and all its descendants, from /proc. */
function treeRssMiB(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      // Field 24 of stat (22 after the name) is the resident set in pages.
      rss.set(pid, (Number(fields[21]) * 4096) / 1024 / 1024);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * The build as the repository's `npm run build` runs it — the site's build in siteDir, then the
 * gate's search snapshot of it — profiled; its whole output is written to logFile.
 */
export async function profiledBuild(siteDir: string, logFile: string): Promise<BuildProfile> {
  const started = performance.now();
  const script = 'npm run build && "$0" "$1" build';
  const command = ['sh', '-c', script, process.execPath, SNAPSHOT_SCRIPT];
  const child = spawn('/usr/bin/time', ['-f', 'TIME %e %M', ...command], {
    cwd: siteDir,
    env: { ...process.env, DOCUSAURUS_PERF_LOGGER: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const samples: { at: number; mib: number }[] = [];
  const sampler = setInterval(() => {
    if (child.pid) samples.push({ at: performance.now(), mib: treeRssMiB(child.pid) });
  }, SAMPLE_MS);
  const ends: { at: number; name: string }[] = [];
  const lines: string[] = [];
  const read = (stream: NodeJS.ReadableStream) =>
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const [pattern, name] of PHASE_ENDS) {
        const match = pattern.exec(line);
        if (!match) continue;
        // The build runs Docusaurus twice (site/scripts/build.ts): its second "Load site" is a phase of its own.
        const base = name(match);
        const seen = ends.filter((end) => end.name === base || end.name.startsWith(`${base} (`)).length;
        ends.push({ at: performance.now(), name: seen === 0 ? base : `${base} (${seen + 1})` });
      }
    });
  read(child.stdout);
  read(child.stderr);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  writeFileSync(logFile, `${lines.join('\n')}\n`);
  const tail = lines.slice(-60);
  const timing = tail.map((line) => /^TIME ([\d.]+) (\d+)$/.exec(line)).find(Boolean);
  if (code !== 0 || !timing) {
    throw new Error(`bench/scale: the build in ${siteDir} failed:\n${tail.join('\n')}`);
  }
  ends.push({ at: performance.now(), name: 'exit' });
  let from = started;
  const phases = ends.map(({ at, name }) => {
    const during = samples.filter((s) => s.at > from && s.at <= at).map((s) => s.mib);
    const phase = { name, seconds: (at - from) / 1000, peakMiB: Math.max(0, ...during) };
    from = at;
    return phase;
  });
  const ssg = ssgProfile(lines);
  return { seconds: Number(timing[1]), peakMiB: Number(timing[2]) / 1024, phases, ...(ssg ? { ssg } : {}) };
}
