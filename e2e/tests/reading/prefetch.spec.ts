import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';
import { speculation, speculationSettled, watchSpeculation } from '../speculation';

/**
 * CHRM-14 in the real build: Docusaurus prefetches the bundles of the links in view (a
 * <link rel="prefetch"> each) and preloads a link's bundles on hover, unless
 * `navigator.connection` says 2G or data-saver. Before the page's scripts run, this records every
 * script and prefetch link added to the document (both are added synchronously by the prefetch and
 * the preload); ../speculation.ts says when the viewport prefetches, which wait for idle time, are
 * all done.
 */
type BundlesWindow = { added: string[] };

async function watchBundles(page: Page, connection: { effectiveType: string; saveData: boolean } | null) {
  await watchSpeculation(page);
  await page.addInitScript((conn) => {
    if (conn) Object.defineProperty(navigator, 'connection', { configurable: true, value: conn });
    const w = window as unknown as BundlesWindow;
    w.added = [];
    for (const method of ['appendChild', 'insertBefore'] as const) {
      const original = Node.prototype[method] as (this: Node, ...args: Node[]) => Node;
      Node.prototype[method] = function (this: Node, ...args: Node[]) {
        const node = args[0];
        if (node instanceof HTMLScriptElement && node.src) w.added.push(`script ${new URL(node.src).pathname}`);
        if (node instanceof HTMLLinkElement && node.rel === 'prefetch') w.added.push(`prefetch ${node.href}`);
        return original.apply(this, args);
      } as never;
    }
  }, connection);
}

const added = (page: Page) => page.evaluate(() => (window as unknown as BundlesWindow).added);
const prefetches = async (page: Page) => (await added(page)).filter((entry) => entry.startsWith('prefetch '));

/** Loads a page and waits until its links have been seen and the prefetches they queued have run. */
async function loadAndSettle(page: Page) {
  await page.goto('/studio/build/');
  await hydrated(page);
  await speculationSettled(page);
}

test('CHRM-14 on a normal connection the bundles of links in view are prefetched, and a hovered link preloaded', async ({
  page,
}) => {
  await watchBundles(page, null);
  await loadAndSettle(page);
  expect((await prefetches(page)).length).toBeGreaterThan(0);
  for (const entry of await prefetches(page)) expect(entry).toMatch(/\/assets\/js\/[^/]+\.js$/);
  const before = (await added(page)).length;
  await page.locator('article').getByRole('link', { name: 'Test a solution' }).first().hover();
  const scripts = (await added(page)).slice(before).filter((entry) => entry.startsWith('script /assets/js/'));
  expect(scripts.length).toBeGreaterThan(0);
});

for (const [name, connection] of [
  ['on 2G', { effectiveType: '2g', saveData: false }],
  ['with data-saver on', { effectiveType: '4g', saveData: true }],
] as const) {
  test(`CHRM-14 ${name} nothing is prefetched, queued for prefetching or preloaded, and navigation still loads the page`, async ({
    page,
  }) => {
    await watchBundles(page, connection);
    // Settled: the links in view have been seen, and whatever they queued for idle time has run.
    await loadAndSettle(page);
    const atLoad = await added(page);
    expect(atLoad.filter((entry) => entry.startsWith('prefetch '))).toEqual([]);
    // The portal's own check (access-guard.ts): no prefetch even waits for idle time.
    expect((await speculation(page)).idleQueued).toBe(0);
    const link = page.locator('article').getByRole('link', { name: 'Test a solution' }).first();
    await link.hover();
    expect((await added(page)).slice(atLoad.length)).toEqual([]);
    // Navigating loads the page's bundles regardless (Docusaurus preloads the route it switches to);
    // the new page's links then come into view, and are not prefetched either.
    const { observed } = await speculation(page);
    await link.click();
    await expect(page.locator('article h1')).toHaveText('Test a solution');
    await speculationSettled(page, observed);
    expect(await prefetches(page)).toEqual([]);
    expect((await speculation(page)).idleQueued).toBe(0);
  });
}

test('CHRM-14 each bundle is prefetched once, however many links in view share it (site/plugins/performance/prefetch-once)', async ({
  page,
}) => {
  await watchBundles(page, null);
  await loadAndSettle(page);
  // Every link of a docs page matches the same layout routes, whose bundles Docusaurus asks for
  // again with each link. Settled, every link in view has been through; a dozen prefetches at
  // least make sure that is several links.
  const urls = await prefetches(page);
  expect(urls.length).toBeGreaterThanOrEqual(12);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
});
