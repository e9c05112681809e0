import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

/**
 * CHRM-14 in the real build: Docusaurus prefetches the bundles of the links in view (a
 * <link rel="prefetch"> each) and preloads a link's bundles on hover, unless
 * `navigator.connection` says 2G or data-saver. Before the page's scripts run, this records every
 * script and prefetch link added to the document (both are added synchronously by the prefetch and
 * the preload), and tracks IntersectionObservers: once every observer of a link has reported (or been
 * disconnected), every in-view prefetch has been asked for.
 */
type IoWindow = { added: string[]; io: { observed: number; pending: Set<IntersectionObserver> } };

function watchBundles(page: Page, connection: { effectiveType: string; saveData: boolean } | null) {
  return page.addInitScript((conn) => {
    if (conn) Object.defineProperty(navigator, 'connection', { configurable: true, value: conn });
    const w = window as unknown as IoWindow;
    w.added = [];
    w.io = { observed: 0, pending: new Set() };
    for (const method of ['appendChild', 'insertBefore'] as const) {
      const original = Node.prototype[method] as (this: Node, ...args: Node[]) => Node;
      Node.prototype[method] = function (this: Node, ...args: Node[]) {
        const node = args[0];
        if (node instanceof HTMLScriptElement && node.src) w.added.push(`script ${new URL(node.src).pathname}`);
        if (node instanceof HTMLLinkElement && node.rel === 'prefetch') w.added.push(`prefetch ${node.href}`);
        return original.apply(this, args);
      } as never;
    }
    // Observers that have observed a link but neither reported on it nor been disconnected yet.
    const NativeObserver = window.IntersectionObserver;
    window.IntersectionObserver = class extends NativeObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          callback(entries, observer);
          w.io.pending.delete(observer);
        }, options);
      }
      override observe(target: Element) {
        w.io.observed++;
        w.io.pending.add(this);
        super.observe(target);
      }
      override disconnect() {
        w.io.pending.delete(this);
        super.disconnect();
      }
    };
  }, connection);
}

const added = (page: Page) => page.evaluate(() => (window as unknown as { added: string[] }).added);
const prefetches = async (page: Page) => (await added(page)).filter((entry) => entry.startsWith('prefetch '));

/** Loads a page and waits until every link observed so far has had its first visibility check. */
async function loadAndSettle(page: Page) {
  await page.goto('/studio/build/');
  await hydrated(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { observed, pending } = (window as unknown as IoWindow).io;
        return observed > 0 && pending.size === 0;
      }),
    )
    .toBe(true);
}

test('CHRM-14 on a normal connection the bundles of links in view are prefetched, and a hovered link preloaded', async ({
  page,
}) => {
  await watchBundles(page, null);
  await loadAndSettle(page);
  // Viewport prefetches run one per idle period (idle-queue.ts): on a busy machine the first may
  // come after the observers have reported.
  await expect.poll(async () => (await prefetches(page)).length).toBeGreaterThan(0);
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
  test(`CHRM-14 ${name} nothing is prefetched or preloaded, and navigation still loads the page`, async ({ page }) => {
    await watchBundles(page, connection);
    await loadAndSettle(page);
    const atLoad = await added(page);
    expect(atLoad.filter((entry) => entry.startsWith('prefetch '))).toEqual([]);
    const link = page.locator('article').getByRole('link', { name: 'Test a solution' }).first();
    await link.hover();
    expect((await added(page)).slice(atLoad.length)).toEqual([]);
    // Navigating loads the page's bundles regardless (Docusaurus preloads the route it switches to).
    await link.click();
    await expect(page.locator('article h1')).toHaveText('Test a solution');
    expect(await prefetches(page)).toEqual([]);
  });
}

test('CHRM-14 each bundle is prefetched once, however many links in view share it (site/plugins/performance/prefetch-once)', async ({
  page,
}) => {
  await watchBundles(page, null);
  await loadAndSettle(page);
  // Every link of a docs page matches the same layout routes, whose bundles Docusaurus asks for
  // again with each link; a dozen viewport prefetches make sure several links have been through.
  await expect.poll(async () => (await prefetches(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
  const urls = await prefetches(page);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
});
