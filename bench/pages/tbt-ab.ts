/**
 * A quick A/B of main-thread blocking between two builds, for iterating on a change before the
 * Lighthouse bench: each round loads the same page from each build in a fresh Chromium page at 4×
 * CPU slowdown, and sums the long tasks' time over 50 ms (TBT's definition) from navigation until
 * the main thread has been quiet for 2 s. Builds alternate within each round; medians are printed
 * with the ratio B/A, when the page had hydrated (the app started: links, menus and buttons
 * work from then on) and its largest contentful paint, as the browser reports them. Nothing is asserted.
 *
 *   npm run -s bench:pages:ab -- /tmp/build-a site/build /studio/deploy/ [rounds]
 *   BENCH_NETWORK=slow4g npm run -s bench:pages:ab -- …   (Lighthouse's mobile network as DevTools
 *       throttles it: 562.5 ms request latency, 1.47 Mbit/s down; the cache is empty each round)
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
  hydrated: number;
  lcp: number;
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
  if (process.env.BENCH_NETWORK === 'slow4g') {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
  }
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[]; lastTaskEnd: number; hydratedAt: number; lcp: number };
    w.longTasks = [];
    w.lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    w.lastTaskEnd = 0;
    // Docusaurus sets data-has-hydrated on <html> in the first effect after hydration.
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hasHydrated !== 'true') return;
      w.hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-has-hydrated'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.longTasks.push(entry.duration);
        w.lastTaskEnd = entry.startTime + entry.duration;
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'load' });
  // Hydrated, then quiet: no long task for 2 s (on a slow network, the page's chunks may still be
  // on their way after 2 s without a long task).
  await page.waitForFunction(
    () => {
      const w = window as unknown as { lastTaskEnd: number; hydratedAt?: number };
      return w.hydratedAt !== undefined && performance.now() - Math.max(w.lastTaskEnd, w.hydratedAt) > 2000;
    },
    undefined,
    { polling: 200, timeout: 60_000 },
  );
  const { tasks, hydrated, lcp } = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; hydratedAt: number; lcp: number };
    return { tasks: w.longTasks, hydrated: w.hydratedAt, lcp: w.lcp };
  });
  await context.close();
  if (process.env.BENCH_VERBOSE) console.log(origin, tasks.map(Math.round).join(' '));
  return {
    hydrated,
    lcp,
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
  hydrated: median(runs.map((r) => r.hydrated)),
  lcp: median(runs.map((r) => r.lcp)),
  tbt: median(runs.map((r) => r.tbt)),
  total: median(runs.map((r) => r.total)),
  longest: median(runs.map((r) => r.longest)),
  tasks: median(runs.map((r) => r.tasks)),
}));
const network = process.env.BENCH_NETWORK === 'slow4g' ? ' and slow 4G' : '';
console.log(`${route}, medians of ${roundsText} alternated rounds at 4× CPU slowdown${network}`);
console.log('| build | blocking ms | long tasks ms | longest task ms | long tasks | hydrated at ms | LCP ms |');
console.log('|---|---|---|---|---|---|---|');
for (const [index, name] of [buildA, buildB].entries()) {
  const row = rows[index];
  if (row)
    console.log(
      `| ${name} | ${Math.round(row.tbt)} | ${Math.round(row.total)} | ${Math.round(row.longest)} | ${row.tasks} | ${Math.round(row.hydrated)} | ${Math.round(row.lcp)} |`,
    );
}
console.log(`B/A blocking: ${((rows[1]?.tbt ?? 0) / (rows[0]?.tbt || 1)).toFixed(2)}`);
await browser.close();
for (const portal of portals) await portal.close();
