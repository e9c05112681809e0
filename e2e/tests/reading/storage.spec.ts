import { expect, test } from '../fixtures';
import { hydrated, openSearchModal, selectFirstDocHit } from '../search-modal';

/** Browser storage: what the portal keeps there (seed §3) and how it copes without it (seed §8). */
const announcement = (page: import('@playwright/test').Page) =>
  page.locator('[role="banner"]').filter({ hasText: 'Tala 8.0' });

test('CONF-07 with browser storage unavailable, warnings are logged and storage does nothing: the page, the bar and search work', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // As in a sandboxed frame or with storage blocked: reading localStorage throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
  await page.goto('/studio/build/');
  await hydrated(page);
  // Docusaurus's storage (announcement, preferred version) and the portal's (deep link, user name).
  await expect.poll(() => warnings.join('\n')).toContain('Docusaurus browser storage is not available');
  await expect.poll(() => warnings.join('\n')).toContain('Browser storage is unavailable');
  // Closing the bar works, but cannot be remembered.
  await announcement(page).getByRole('button', { name: /close/i }).click();
  await expect(announcement(page)).toBeHidden();
  await page.reload();
  await expect(announcement(page)).toBeVisible();
  // Search keeps its recent searches in memory instead.
  await openSearchModal(page);
  await page.keyboard.type('carousel');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await selectFirstDocHit(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page.locator('article h1')).toBeVisible();
});

test('CONF-09 local-storage keys: docusaurus.announcement.*, docs-preferred-version-{pluginId}, theme, search keys ending in the index name', async ({
  page,
}) => {
  await page.goto('/studio/build/');
  await page.evaluate(() => {
    localStorage.setItem('docs-preferred-version-default', 'a-version-that-is-gone');
    localStorage.setItem('docs-preferred-version-on-prem', 'current');
    localStorage.setItem('theme', 'dark');
  });
  await page.reload();
  await hydrated(page);
  const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
  // Docusaurus reads each docs plugin's preferred version under its key and drops one that no
  // longer exists; with the colour switch disabled it drops a stored theme and stays light.
  await expect.poll(() => stored('docs-preferred-version-default')).toBeNull();
  expect(await stored('docs-preferred-version-on-prem')).toBe('current');
  await expect.poll(() => stored('theme')).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The announcement: its id when shown, the dismissal when closed.
  expect(await stored('docusaurus.announcement.id')).toBe('tala-8-0-released');
  await announcement(page).getByRole('button', { name: /close/i }).click();
  expect(await stored('docusaurus.announcement.dismiss')).toBe('true');
  // Search: recent searches, under a key ending in the index name.
  await openSearchModal(page);
  await page.keyboard.type('carousel');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await selectFirstDocHit(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  const searchKeys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('DOCSEARCH')));
  expect(searchKeys).toContain('__DOCSEARCH_RECENT_SEARCHES__tala-docs');
  for (const key of searchKeys) expect(key).toMatch(/tala-docs$/);
});
