/**
 * One Lighthouse run on one URL, printing where the main thread goes: long tasks with their
 * attributed script, per-script boot-up time and the main-thread breakdown. For finding what
 * bench:pages' TBT is made of; nothing here is asserted.
 *
 *   npm run bench:pages:diag -- /studio/deploy/            (portal, through the gate)
 *   npm run bench:pages:diag -- http://127.0.0.1:3301/docs/studio/deploy/
 */
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { startLocalPortal } from '../local-portal.ts';

const target = process.argv[2] ?? '/studio/deploy/';
const root = path.resolve(import.meta.dirname, '../..');
const portal = target.startsWith('http') ? undefined : await startLocalPortal(path.join(root, 'site/build'));
const url = portal ? `${portal.origin}${target}` : target;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const lhr = (
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  )?.lhr;
  if (!lhr) throw new Error('no result');
  const audit = (id: string) => lhr.audits[id];
  type Item = Record<string, unknown>;
  const items = (id: string) => (audit(id)?.details as { items?: Item[] } | undefined)?.items ?? [];
  console.log(`${url}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'speed-index',
    'cumulative-layout-shift',
    'total-byte-weight',
  ]) {
    console.log(`  ${id}: ${Math.round(audit(id)?.numericValue ?? Number.NaN)} (score ${audit(id)?.score})`);
  }
  const lcpElement = items('largest-contentful-paint-element')[0] as
    | { items?: { node?: { snippet?: string } }[] }
    | undefined;
  console.log(`  LCP element: ${lcpElement?.items?.[0]?.node?.snippet ?? '(none)'}`);
  for (const phase of (items('largest-contentful-paint-element')[1]?.items as Item[] | undefined) ?? []) {
    console.log(`    ${phase.phase}: ${Math.round(Number(phase.timing))} ms`);
  }
  console.log('long tasks (simulated ms):');
  for (const t of items('long-tasks'))
    console.log(
      `  ${Math.round(Number(t.duration))} at ${Math.round(Number(t.startTime))}  ${String(t.url).replace(url, '')}`,
    );
  console.log('boot-up by script (ms total / scripting / parse):');
  for (const t of items('bootup-time'))
    console.log(
      `  ${Math.round(Number(t.total))} / ${Math.round(Number(t.scripting))} / ${Math.round(Number(t.scriptParseCompile))}  ${t.url}`,
    );
  console.log('main thread:');
  for (const t of items('mainthread-work-breakdown'))
    console.log(`  ${Math.round(Number(t.duration))}  ${t.groupLabel}`);
  console.log('network (KB transferred):');
  for (const t of items('network-requests'))
    console.log(`  ${Math.round(Number(t.transferSize) / 1024)}  ${String(t.url).replace(url, '')}`);
} finally {
  await chrome.kill();
  await portal?.close();
}
