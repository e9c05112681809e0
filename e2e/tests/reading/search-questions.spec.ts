import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { DOC_HIT, openSearchModal, selectFirstDocHit } from '../search-modal';

/**
 * Questions as readers type them: the answering page first, and only the words that
 * carry meaning highlighted — "how", "do", "I", "a" are neither ranked on nor marked.
 */
const QUESTION = 'how do i roll back a publish';
/** A marked word answers one of the question's meaningful words (a form, a prefix or a typo of it). */
const MEANINGFUL = /roll|back|publish/;

async function markedWords(where: Locator): Promise<string[]> {
  // The modal marks with <mark>; the /search/ page renames DocSearch's highlight class.
  const texts = await where
    .locator('mark, .algolia-docsearch-suggestion--highlight, .search-result-match')
    .allTextContents();
  return texts.map((text) => text.trim().toLowerCase()).filter(Boolean);
}

test('a question in the modal shows the answering page first, marks only meaningful words, and reports the opened position', async ({
  page,
}) => {
  await page.goto('/');
  await openSearchModal(page);
  // One input event: the whole question is searched, not a prefix answered while typing.
  await page.getByPlaceholder('Search docs').fill(QUESTION);
  const first = page.locator(DOC_HIT).first();
  // The reading server's reader holds every role: the Studio guide or the on-prem command line.
  await expect(first).toContainText('Roll back a publish');
  const marked = await markedWords(page.locator('.DocSearch-Hits'));
  expect(marked.length).toBeGreaterThan(0);
  expect(marked.filter((word) => !MEANINGFUL.test(word))).toEqual([]);
  // Opening it sends the click beacon: the query and the position, nothing else.
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/search-click'));
  await selectFirstDocHit(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(studio\/deploy|on-prem\/publish)\/#roll-back-a-publish$/);
  expect(JSON.parse((await beacon).postData() ?? '{}')).toEqual({ query: QUESTION, position: 1 });
});

test('the /search/ page answers a question the same way: answering page first, only meaningful words marked, opened position reported', async ({
  page,
}) => {
  await page.goto(`/search/?q=${encodeURIComponent(QUESTION)}`);
  const results = page.locator('main article');
  // The page loads its search code and queries after hydration: slow on a loaded CI machine.
  await expect(results.first()).toContainText('Roll back a publish', { timeout: 20_000 });
  const marked = await markedWords(results.first());
  expect(marked.length).toBeGreaterThan(0);
  expect(marked.filter((word) => !MEANINGFUL.test(word))).toEqual([]);
  // Opening the second result sends the click beacon with its position (the theme's page is not
  // forked: search-page-clicks.ts reads its markup, and this fails if that markup changes).
  const second = results.nth(1).locator('h2 a');
  const target = await second.getAttribute('href');
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/search-click'));
  await second.click();
  expect(JSON.parse((await beacon).postData() ?? '{}')).toEqual({ query: QUESTION, position: 2 });
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === target);
});
