/**
 * Where a page's long main-thread tasks go, for finding what bench:pages' TBT is made of: loads one
 * page in Chromium with 4× CPU throttling (Lighthouse's mobile setting), records a trace and a CPU
 * profile, and prints every task over 50 ms with the trace events and the JavaScript frames inside
 * it (inclusive time). Use it on a build made with `npx docusaurus build --no-minify --out-dir DIR`
 * so that frames have readable names. Nothing here is asserted.
 *
 *   npm run bench:pages:profile -- DIR /studio/deploy/        (the gate serves DIR)
 *   TOP=40 npm run bench:pages:profile -- DIR /category/studio/
 *   npm run bench:pages:profile -- http://127.0.0.1:3302/docs/intro     (a page served elsewhere)
 *   MIN_TASK=10 npm run bench:pages:profile -- DIR /studio/deploy/   (shorter tasks too)
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { startLocalPortal } from '../local-portal.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

const [buildDir, pagePath = '/studio/deploy/'] = process.argv.slice(2);
if (!buildDir) {
  console.error('usage: profile.ts BUILD_DIR [PATH] | profile.ts URL');
  process.exit(1);
}
const TOP = Number(process.env.TOP ?? 15);
/** Tasks longer than this are printed (ms); blocking time still counts over 50 ms only. */
const MIN_TASK = Number(process.env.MIN_TASK ?? 50);
// A URL profiles that page where it is served (a stock site under bench:pages' nginx, for example).
const portal = buildDir.startsWith('http') ? undefined : await startLocalPortal(buildDir);
const url = portal ? `${portal.origin}${pagePath}` : buildDir;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  // The app may start after the network is idle (main.js runs in steps, site/plugins/performance/staged-start):
  // the trace goes on until the page has hydrated and its effects have run.
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
  const sampleTimes: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) {
    time += delta;
    sampleTimes.push(time);
  }
  const top = (totals: Map<string, number>) => [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP);

  const mainThreads = trace.traceEvents
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => e.tid);
  const longTasks = trace.traceEvents.filter(
    (e) => e.name === 'RunTask' && mainThreads.includes(e.tid) && (e.dur ?? 0) > MIN_TASK * 1000,
  );
  let blocking = 0;
  for (const task of longTasks) {
    const end = task.ts + (task.dur ?? 0);
    blocking += Math.max(0, (task.dur ?? 0) / 1000 - 50);
    const events = new Map<string, number>();
    for (const e of trace.traceEvents) {
      if (e.ph !== 'X' || e.tid !== task.tid || e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      const name = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : '');
      events.set(name, (events.get(name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const frames = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const at = sampleTimes[i] as number;
      if (at < task.ts || at > end) return;
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const name = label(byId.get(cur) as ProfileNode);
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        frames.set(name, (frames.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      }
    });
    console.log(
      `task at ${Math.round((task.ts - profile.startTime) / 1000)} ms: ${Math.round((task.dur ?? 0) / 1000)} ms`,
    );
    console.log(
      `  events: ${top(events)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
        .join(' | ')}`,
    );
    for (const [name, ms] of top(frames)) console.log(`  ${String(Math.round(ms)).padStart(5)}  ${name}`);
  }
  console.log(
    `\nblocking time over 50 ms per task: ${Math.round(blocking)} ms (4× throttled, measured, not simulated)`,
  );
} finally {
  await browser.close();
  await portal?.close();
}
