import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

test('SITE-06 the home page renders what Tala is and where to start', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('article h1')).toHaveText('Tala documentation');
  await expect(page.locator('article a[href="/studio/build/"]').first()).toBeVisible();
  await expect(page).toHaveTitle(/Tala/);
});

test('SITE-02 CHRM-07 a docs page renders with sidebar, breadcrumbs and a TOC of levels 2 to 5', async ({ page }) => {
  await page.goto('/reference/conceptual-overviews/request-to-response/');
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
  await expect(page.locator('nav[aria-label="Breadcrumbs"]')).toBeVisible();
  // The page itself is the last crumb: the sidebar marks it a doc link (site/plugins/access/docs-instance/lean-sidebars.ts).
  await expect(page.locator('.breadcrumbs__item--active')).toHaveText('From request to response');
  await hydrated(page);
  await expect(page.locator('.breadcrumbs__item--active')).toHaveText('From request to response');
  const toc = page.locator('.table-of-contents').first();
  await expect(toc).toBeVisible();
  // Every h2–h5 of the article is in the TOC, and no h6.
  const headingIds = await page.locator('article :is(h2, h3, h4, h5)[id]').evaluateAll((els) => els.map((e) => e.id));
  const h5 = await page.locator('article h5[id]').count();
  expect(h5, 'the page has level-5 headings').toBeGreaterThan(0);
  const tocTargets = await toc
    .locator('a')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('href') ?? '').slice(1)));
  expect(tocTargets.sort()).toEqual(headingIds.sort());
});

test('SITE-08 /user-journeys/ and the on-prem ip-* page have no sidebar', async ({ page }) => {
  for (const url of ['/user-journeys/', '/on-prem/ip-standard/']) {
    await page.goto(url);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toHaveCount(0);
  }
  await page.goto('/on-prem/overview/');
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
});

test('SITE-05 an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('SITE-04 .html and /index.html paths are normalised to the clean path', async ({ page }) => {
  await page.goto('/studio/build.html');
  await expect(page).toHaveURL(/\/studio\/build\/$/);
  await page.goto('/studio/build/index.html');
  await expect(page).toHaveURL(/\/studio\/build\/$/);
  await expect(page.locator('article h1')).toHaveText('Build a solution');
});

test('SITE-01 the page is English, left-to-right', async ({ page }) => {
  await page.goto('/studio/build/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
