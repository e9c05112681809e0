import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { wcagViolations as violations } from '../../axe-rules';
import { expect, test } from '../fixtures';
import { hydrated, openSearchModal, openSelectedHit } from '../search-modal';
import { TEMPLATES } from '../templates';

/**
 * WCAG 2.0/2.1/2.2 A and AA, checked by axe-core on one page of every template, after
 * the page has hydrated and with its interactive parts in the state a reader would see. Zero
 * violations, no rule disabled (experimental ones included: axe-rules.ts); the search modal in
 * each of its screens too. Signed in, with the reader's menu: signin/accessibility.spec.ts.
 */
// axe-core walks the whole DOM: on the long pages, with two browsers sharing two cores, one
// analysis takes 10–25 s.
const AXE_TIMEOUT_MS = 120_000;

for (const { name, path, ready } of TEMPLATES) {
  test(`A11Y-01 ${name} (${path}) has no WCAG 2.2 AA violation`, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await hydrated(page);
    await ready(page);
    expect(await violations(page)).toEqual([]);
  });
}

/**
 * WCAG 1.4.10 Reflow: at 320 CSS px the page scrolls one way only. Wide tables and code scroll
 * inside their own boxes, reachable by keyboard (WCAG 2.1.1); a box that forces its width on the
 * page (a table set to display: table, a grid column of 20rem) makes a phone reader pan sideways
 * to read every line.
 */
for (const { name, path, ready } of TEMPLATES) {
  test(`A11Y-05 ${name} (${path}) reflows at 320 CSS px: no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await hydrated(page);
    await ready(page);
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(320);
    // What scrolls instead (a wide table) can be reached and scrolled from the keyboard.
    const { violations: unreachable } = await new AxeBuilder({ page })
      .withRules(['scrollable-region-focusable'])
      .analyze();
    expect(unreachable.flatMap((v) => v.nodes.map((node) => node.target.join(' ')))).toEqual([]);
  });
}

test('A11Y-02 a keyboard reader skips to the content, and the focus is visible on the way', async ({ page }) => {
  await page.goto('/studio/deploy/');
  await page.waitForLoadState('networkidle');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  // The next Tab lands inside the main content, not in the navbar or the sidebar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
  expect(inMain).toBe(true);
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
});

test('A11Y-03 a keyboard reader opens search, picks a result and lands on its page', async ({ page }) => {
  await page.goto('/studio/deploy/');
  // Ctrl+K is listened for once React has hydrated (networkidle can come before, on a busy machine).
  await openSearchModal(page);
  const input = page.getByRole('searchbox');
  await expect(input).toBeFocused();
  // Typing sends a query per debounce; wait until the hits on screen are the whole question's,
  // or Enter can land on a prefix's hit that is replaced between reading it and pressing.
  const question = 'roll back a publish';
  const answered = page.waitForResponse(
    (r) => r.url().includes('/1/indexes/*/queries') && (r.request().postData() ?? '').includes(`"query":"${question}"`),
  );
  await page.keyboard.type(question);
  const { results } = (await (await answered).json()) as { results: { hits: { url: string }[] }[] };
  const top = results[0]?.hits[0]?.url;
  expect(top).toBeTruthy();
  const expected = new URL(top ?? '', page.url());
  await expect
    .poll(async () => {
      const shown = await page.locator('.DocSearch-Hit a').first().getAttribute('href');
      const url = new URL(shown ?? '', page.url());
      return `${url.pathname}${url.hash}`;
    })
    .toBe(`${expected.pathname}${expected.hash}`);
  await page.keyboard.press('ArrowDown');
  const active = await input.getAttribute('aria-activedescendant');
  const href = await page.locator(`[id="${active}"] a`).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${(href ?? '').split('#')[0]}`));
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
});

test('A11Y-04 the playground works from the keyboard: choose an example, edit it, read the error', async ({ page }) => {
  await page.goto('/tala-web-widget/playground/');
  await page.waitForLoadState('networkidle');
  await hydrated(page);
  const example = page.getByLabel('Example');
  await example.focus();
  await example.selectOption('quick-reply');
  await page.keyboard.press('Tab');
  const editor = page.getByLabel('Message payload (JSON)');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('{"type": "bubble", "text": ');
  await expect(page.getByRole('alert')).toContainText('The JSON is not valid');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
});

/** The search modal in each of its screens, with the page behind it: the same zero. */
const MODAL_SCREENS: { name: string; show: (page: Page) => Promise<void> }[] = [
  {
    name: 'with results',
    show: async (page) => {
      await openSearchModal(page);
      await page.keyboard.type('publish');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    },
  },
  {
    name: 'with recent and favorite searches',
    show: async (page) => {
      for (const query of ['carousel', 'publish']) {
        await openSearchModal(page);
        await page.keyboard.type(query);
        // Results carry highlights; the recent searches shown before them do not.
        await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
        await openSelectedHit(page);
      }
      await openSearchModal(page);
      await page.getByTitle('Save this search').first().click();
      await expect(page.getByText('Favorite', { exact: true })).toBeVisible();
      await expect(page.getByText('Recent', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'with no results',
    show: async (page) => {
      await openSearchModal(page);
      await page.keyboard.type('zzqxqv');
      await expect(page.getByText('No results for')).toBeVisible();
    },
  },
  {
    name: 'when search cannot be reached',
    show: async (page) => {
      await page.route('**/1/indexes/**', (route) => route.abort('connectionrefused'));
      await openSearchModal(page);
      await page.keyboard.type('publish');
      await expect(page.getByText('Unable to fetch results')).toBeVisible();
    },
  },
];

for (const { name, show } of MODAL_SCREENS) {
  test(`A11Y-01 the search modal ${name} has no WCAG 2.2 AA violation`, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.goto('/studio/deploy/');
    await show(page);
    expect(await violations(page)).toEqual([]);
  });
}
