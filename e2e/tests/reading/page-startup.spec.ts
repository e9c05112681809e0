import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

/**
 * What a page's start-up must not do. The first `localeCompare`, `Intl.Collator` or
 * `Intl.Segmenter` of a renderer process loads ICU data: about 11 ms on this machine, four times
 * that on a phone, inside the hydration task. Docusaurus called `localeCompare` to sort two plugin
 * paths and the keys of a props object (patches/@docusaurus+*.patch), and its category cards made a
 * segmenter for every label (site/plugins/performance/emoji-labels). Counted in the page, on a phone's viewport,
 * where the theme re-renders the sidebar as the mobile menu's content right after hydration.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const counts = { localeCompare: 0, Collator: 0, Segmenter: 0 };
    (window as unknown as { icuCalls: typeof counts }).icuCalls = counts;
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      counts.localeCompare++;
      return localeCompare.apply(this, args);
    };
    for (const name of ['Collator', 'Segmenter'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = class extends Original {
        constructor(...args: unknown[]) {
          super(...args);
          counts[name]++;
        }
      };
    }
  });
});

for (const [template, route] of [
  ['a guide', '/studio/deploy/'],
  ['a category index', '/category/studio/'],
  ['an API operation', '/reference/apis/studio/publish-environments/publish/'],
  ['a long reference', '/reference/tala-programming/tql-manual/'],
]) {
  test(`${template} page starts on a phone without building an ICU collator or segmenter`, async ({ page }) => {
    await page.goto(route as string);
    await hydrated(page);
    // The theme has measured the window and swapped the desktop sidebar for the mobile menu's.
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar__item.menu').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { icuCalls: object }).icuCalls)).toEqual({
      localeCompare: 0,
      Collator: 0,
      Segmenter: 0,
    });
  });
}

/**
 * A page's chunks are listed in its HTML (site/plugins/performance/page-scripts/index.ts), so they
 * download beside main.js and the runtime, when hydration asks for them, appends no script
 * element of its own (each append was part of the task that starts hydration).
 */
for (const route of ['/studio/deploy/', '/category/studio/', '/reference/tala-programming/tql-manual/']) {
  test(`${route} comes with its chunks: hydration appends no script for them`, async ({ page }) => {
    await page.addInitScript(() => {
      const appended: string[] = [];
      (window as unknown as { appendedScripts: string[] }).appendedScripts = appended;
      // The bundler's script loader marks the elements it makes (data-rspack, or data-webpack); the parser's are not.
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (
              node instanceof HTMLScriptElement &&
              (node.hasAttribute('data-rspack') || node.hasAttribute('data-webpack'))
            )
              appended.push(node.src);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(route);
    await hydrated(page);
    const listed = await page.locator('head script[src*="/assets/js/"]').count();
    // runtime, main, and the page's own chunks.
    expect(listed).toBeGreaterThan(3);
    expect(await page.evaluate(() => (window as unknown as { appendedScripts: string[] }).appendedScripts)).toEqual([]);
  });
}
