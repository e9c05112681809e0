import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

test('CHRM-03 the announcement bar closes and stays closed after a reload', async ({ page }) => {
  await page.goto('/studio/build/');
  const bar = page.locator('[role="banner"]').filter({ hasText: 'Tala 8.0' });
  await expect(bar).toBeVisible();
  await hydrated(page);
  await bar.getByRole('button', { name: /close/i }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('[role="banner"]').filter({ hasText: 'Tala 8.0' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
});

test('CHRM-03 a new announcement id shows the bar again', async ({ page }) => {
  await page.goto('/studio/build/');
  await page.evaluate(() => {
    localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
  });
  await page.reload();
  await expect(page.locator('[role="banner"]').filter({ hasText: 'Tala 8.0' })).toBeVisible();
});

// Docusaurus switches to the desktop layout above 996 px (window.innerWidth > 996): 997 is the
// first desktop width.
test('CHRM-04 at mobile width the sidebar toggle shows, and the mobile sidebar closes at desktop width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/studio/build/');
  const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
  await expect(toggle).toBeVisible();
  await hydrated(page);
  await toggle.click();
  const mobileSidebar = page.locator('.navbar-sidebar');
  await expect(mobileSidebar).toBeVisible();
  await page.setViewportSize({ width: 996, height: 900 });
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
  await page.setViewportSize({ width: 997, height: 900 });
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  await expect(toggle).toBeHidden();
});

test('CHRM-01 CHRM-06 the navbar has the docs link on the left, search on the right, and no colour switch', async ({
  page,
}) => {
  await page.goto('/studio/build/');
  const navbar = page.locator('nav.navbar');
  await expect(
    navbar.locator('.navbar__items:not(.navbar__items--right)').getByRole('link', { name: 'Documentation' }),
  ).toBeVisible();
  await expect(navbar.locator('.navbar__items--right').getByRole('button', { name: /search/i })).toBeVisible();
  await expect(page.locator('button[title*="dark"], button[aria-label*="dark mode"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('CHRM-05 the navbar stays visible after scrolling down', async ({ page }) => {
  await page.goto('/reference/conceptual-overviews/request-to-response/');
  await hydrated(page);
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Two frames after the scroll, the navbar's scroll handler (which would hide it) has run and rendered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbarHidden/);
  await expect(page.locator('nav.navbar')).toBeInViewport({ ratio: 1 });
});

test('CHRM-01 the docs link is marked current on doc pages only, on load and after in-app navigation', async ({
  page,
}) => {
  const docsLink = page.locator('nav.navbar .navbar__items:not(.navbar__items--right)').getByRole('link', {
    name: 'Documentation',
  });
  const current = async (expected: boolean) => {
    await hydrated(page);
    if (expected) await expect(docsLink).toHaveClass(/navbar__link--active/);
    else await expect(docsLink).not.toHaveClass(/navbar__link--active/);
  };
  // Doc pages of the docs sidebar, the home page among them (docs/index.mdx).
  await page.goto('/studio/build/');
  await current(true);
  await page.goto('/');
  await current(true);
  // Not a doc page, or another instance's.
  await page.goto('/search/');
  await current(false);
  await page.goto('/on-prem/category/on-prem/');
  await current(false);
  // In-app navigation into the docs: the section's routes are attached before the navbar matches.
  await hydrated(page);
  await docsLink.click();
  await expect(page).not.toHaveURL(/\/on-prem\//);
  await expect(docsLink).toHaveClass(/navbar__link--active/);
});
