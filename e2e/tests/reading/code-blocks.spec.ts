import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

/**
 * Each page loads the Prism grammars of its own code blocks (site/plugins/performance/code-highlight): the
 * server's highlighting must survive hydration, and a page reached in the app must get its grammars
 * before it renders, from a page that loaded none.
 */
const recoverableErrors = (page: import('@playwright/test').Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
};

test('code blocks keep their highlighting through hydration (the page loaded its grammars)', async ({ page }) => {
  const errors = recoverableErrors(page);
  await page.goto('/studio/build/flows/');
  await hydrated(page);
  await expect(page.locator('pre.language-groovy .token.operator').first()).toBeVisible();
  await expect(page.locator('pre.language-http .token.request-line').first()).toBeVisible();
  await expect(page.locator('pre.language-json .token.property').first()).toBeVisible();
  expect(errors.filter((text) => /hydrat|onRecoverableError/i.test(text))).toEqual([]);
});

test('a page reached in the app from a page without code shows its code highlighted', async ({ page }) => {
  const errors = recoverableErrors(page);
  await page.goto('/category/studio/');
  await hydrated(page);
  await expect(page.locator('article pre')).toHaveCount(0);
  // An in-app navigation, as a link click makes it: the router follows the history.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    window.history.pushState(null, '', '/studio/build/flows/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('article h1')).toHaveText('Flows');
  await expect(page.locator('pre.language-groovy .token.operator').first()).toBeVisible();
  await expect(page.locator('pre.language-json .token.property').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('code blocks are hydrated in place, not rendered again once the page is in the browser (src/theme/CodeBlock)', async ({
  page,
}) => {
  // The server's <pre> elements, taken as soon as the document is parsed, before any script runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverBlocks: Element[] }).serverBlocks = [...document.querySelectorAll('article pre')];
    });
  });
  await page.goto('/reference/tala-programming/tql-manual/');
  // Set by the same re-render that would remount the blocks (useIsBrowser turning true).
  await hydrated(page);
  const kept = await page.evaluate(() => {
    const before = (window as unknown as { serverBlocks: Element[] }).serverBlocks;
    const now = [...document.querySelectorAll('article pre')];
    return { count: before.length, same: now.length === before.length && now.every((pre, i) => pre === before[i]) };
  });
  expect(kept.count).toBeGreaterThan(10);
  expect(kept.same).toBe(true);
  // Hydrated, not dead: the copy button of a block answers. The clipboard is replaced by a recorder (a headless
  // browser's system clipboard can refuse an unfocused page), and the button's label is watched rather than
  // polled: it says "Copied" for one second only, shorter than a loaded machine's polling can be relied on.
  await page.evaluate(() => {
    const state = window as unknown as { copied: string[]; labels: string[] };
    state.copied = [];
    state.labels = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void state.copied.push(text) },
    });
    const button = document.querySelector('article button[aria-label="Copy code to clipboard"]');
    if (!button) throw new Error('no copy button in the article');
    new MutationObserver(() => state.labels.push(button.getAttribute('aria-label') ?? '')).observe(button, {
      attributes: true,
      attributeFilter: ['aria-label'],
    });
  });
  const code = (await page.locator('article pre').first().textContent()) ?? '';
  await page.locator('article pre').first().hover();
  await page.getByRole('button', { name: 'Copy code to clipboard' }).first().click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { labels: string[] }).labels)).toContain('Copied');
  const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
  // The block's lines are separate elements (and <br>), so its text is compared with whitespace folded.
  const folded = (text: string) => text.replace(/\s+/g, ' ').trim();
  expect(copied.map(folded)).toEqual([folded(code)]);
});
