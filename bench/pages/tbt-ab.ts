/**
 * A quick A/B of main-thread blocking between two builds, for iterating on a change before the
 * Lighthouse bench: each round loads the same page from each build in a fresh Chromium page at 4×
 * CPU slowdown, and sums the long tasks' time over 50 ms (TBT's definition) from navigation until
 * the main thread has been quiet for 2 s. Builds alternate within each round; medians are printed
 * with the ratio B/A. Nothing is asserted.
 *
 *   npm run -s bench:pages:ab -- /tmp/build-a site/build /studio/deploy/ [rounds]
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { startLocalPortal } from '../local-portal.ts';
import { median } from '../stats.ts';

const [buildA, buildB, route = '/studio/deploy/', roundsText = '7'] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error('usage: bench:pages:ab -- <build A> <build B> [route] [rounds]');
  process.exit(2);
}
const portals = [await startLocalPortal(buildA), await startLocalPortal(buildB)];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

interface Run {
  tbt: number;
  total: number;
  longest: number;
  tasks: number;
}

async function blockingTime(origin: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[]; lastTaskEnd: number };
    w.longTasks = [];
    w.lastTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.longTasks.push(entry.duration);
        w.lastTaskEnd = entry.startTime + entry.duration;
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'load' });
  // Quiet: no long task for 2 s.
  await page.waitForFunction(
    () => performance.now() - (window as unknown as { lastTaskEnd: number }).lastTaskEnd > 2000,
    undefined,
    { polling: 200, timeout: 60_000 },
  );
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  await context.close();
  if (process.env.BENCH_VERBOSE) console.log(origin, tasks.map(Math.round).join(' '));
  return {
    tbt: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    total: tasks.reduce((sum, d) => sum + d, 0),
    longest: Math.max(0, ...tasks),
    tasks: tasks.length,
  };
}

const results: Run[][] = [[], []];
for (let round = 0; round < Number(roundsText); round++) {
  for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
    results[index]?.push(await blockingTime(portals[index]?.origin ?? ''));
  }
}
const rows = results.map((runs) => ({
  tbt: median(runs.map((r) => r.tbt)),
  total: median(runs.map((r) => r.total)),
  longest: median(runs.map((r) => r.longest)),
  tasks: median(runs.map((r) => r.tasks)),
}));
console.log(`${route}, medians of ${roundsText} alternated rounds at 4× CPU slowdown`);
console.log('| build | blocking ms | long tasks ms | longest task ms | long tasks |');
console.log('|---|---|---|---|---|');
for (const [index, name] of [buildA, buildB].entries()) {
  const row = rows[index];
  if (row)
    console.log(
      `| ${name} | ${Math.round(row.tbt)} | ${Math.round(row.total)} | ${Math.round(row.longest)} | ${row.tasks} |`,
    );
}
console.log(`B/A blocking: ${((rows[1]?.tbt ?? 0) / (rows[0]?.tbt || 1)).toFixed(2)}`);
await browser.close();
for (const portal of portals) await portal.close();
