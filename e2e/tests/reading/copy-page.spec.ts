import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

/** The "Copy page" menu beside the breadcrumbs: keyboard, clipboard, links that carry no content. */

test('the Copy page menu opens from the keyboard and lists copy, view and open-in-assistant actions', async ({
  page,
}) => {
  await page.goto('/studio/deploy/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'More ways to use this page' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: /View as Markdown/ })).toHaveAttribute('href', '/studio/deploy/index.md');

  // The assistants get the address and a prompt, never the page's text.
  const pageText = (await page.locator('article p').first().innerText()).slice(0, 40);
  for (const name of [/Open in ChatGPT/, /Open in Claude/]) {
    const href = (await menu.getByRole('link', { name }).getAttribute('href')) ?? '';
    const prompt = new URL(href).searchParams.get('q') ?? '';
    expect(prompt).toContain('/studio/deploy/');
    expect(prompt).not.toContain(pageText);
    expect(href.length).toBeLessThan(400);
  }

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('Copy page puts the Markdown of the page on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/studio/deploy/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Copy page', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^# Deploy a solution\n/);
  expect(copied).toContain('Source: ');
  expect(copied).not.toContain('<div');
});

test("a page's Markdown is served beside it as text/markdown", async ({ page }) => {
  const response = await page.request.get('/studio/deploy.md');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(await response.text()).toMatch(/^# Deploy a solution\n/);
});
