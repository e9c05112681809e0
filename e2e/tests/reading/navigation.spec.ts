import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { holdRequests } from '../held-requests';
import { hydrated, openSearchModal } from '../search-modal';

/** In-app navigation in the real build (seed §4 "Navigation", §2 "Page loading"). */
const CHUNKS = '**/assets/js/**';
const testLink = (page: import('@playwright/test').Page) =>
  page.locator('article').getByRole('link', { name: 'Test a solution' }).first();

test('NAV-01 on a route change the old page stays until the new page has loaded, then switches in one step', async ({
  page,
}) => {
  await page.goto('/studio/build/');
  await hydrated(page);
  // Records whether the article heading is ever missing (a blank or loading screen between pages).
  await page.evaluate(() => {
    const w = window as unknown as { headingMissing: boolean };
    w.headingMissing = false;
    new MutationObserver(() => {
      if (!document.querySelector('article h1')) w.headingMissing = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const chunks = await holdRequests(page, CHUNKS);
  await testLink(page).click();
  await expect.poll(() => chunks.held.length).toBeGreaterThan(0);
  // The address has changed; the page has not, while the new page's chunks are held back.
  await expect(page).toHaveURL(/\/studio\/test\/$/);
  await expect(page.locator('article h1')).toHaveText('Build a solution');
  chunks.release();
  await expect(page.locator('article h1')).toHaveText('Test a solution');
  expect(await page.evaluate(() => (window as unknown as { headingMissing: boolean }).headingMissing)).toBe(false);
});

test.describe('when the new page cannot be loaded', () => {
  // The refused chunk: Docusaurus logs it (and the hover preload's promise) before reloading.
  test.use({ allowedProblem: /Loading chunk|ChunkLoadError|Loading CSS chunk/ });

  test('NAV-01 a chunk that fails to load makes the browser load the new address in full', async ({ page }) => {
    await page.goto('/studio/build/');
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // Chunks fail until the browser asks for a document again (the reload).
    let failing = true;
    await page.route('**/*', (route) => {
      if (route.request().isNavigationRequest()) failing = false;
      if (failing && new URL(route.request().url()).pathname.startsWith('/assets/js/')) return route.abort('failed');
      return route.fallback();
    });
    const warning = page.waitForEvent('console', (m) => m.type() === 'warning' && /chunk/i.test(m.text()));
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith('/studio/test/'));
    await testLink(page).click();
    await warning;
    await reload;
    await expect(page.locator('article h1')).toHaveText('Test a solution');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  });
});

test('CHRM-10 the route progress bar starts 200 ms into a navigation, not before, and ends with it', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/studio/build/');
  await hydrated(page);
  const chunks = await holdRequests(page, CHUNKS);
  await page.clock.pauseAt(Date.now() + 1000);
  await testLink(page).click();
  await expect(page).toHaveURL(/\/studio\/test\/$/);
  await expect.poll(() => chunks.held.length).toBeGreaterThan(0);
  await page.clock.runFor(199);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  chunks.release();
  await expect(page.locator('article h1')).toHaveText('Test a solution');
  // nprogress fades the bar out on its own timers.
  await page.clock.runFor(2000);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('NAV-02 after a navigation the view is at the top, or at the hash target; a query-only change keeps the scroll', async ({
  page,
}) => {
  await page.clock.install();
  const firstSession = page.waitForResponse('**/api/session');
  await page.goto('/reference/conceptual-overviews/request-to-response/');
  await hydrated(page);
  await firstSession;

  // Only the query changes (as with back/forward between such entries): the view stays where it is.
  await page.evaluate(() => window.scrollTo(0, 1500));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  // The portal re-reads the session on a route change, at most once a minute: with the page's
  // clock a minute on, that request says the route change has been handled.
  await page.clock.fastForward(61_000);
  const handled = page.waitForRequest('**/api/session');
  await page.evaluate(() => {
    window.history.pushState(window.history.state, '', '?view=print');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await handled;
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Another page: the view starts at the top.
  await page
    .locator('nav[aria-label="Docs sidebar"] a[href="/reference/conceptual-overviews/intent-classification/"]')
    .click();
  await expect(page.locator('article h1')).toHaveText('Intent classification');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Another page with a hash: the view is at that heading.
  await openSearchModal(page);
  await page.keyboard.type('tokenisation');
  await page
    .locator('.DocSearch-Hit a[href="/reference/conceptual-overviews/request-to-response/#tokenisation"]')
    .click();
  await expect(page.locator('article h1')).toHaveText('From request to response');
  await expect(page.locator('h2#tokenisation, h3#tokenisation')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('NAV-01 the route table comes by section: a link into another section loads its routes and renders there in place', async ({
  page,
}) => {
  const routeTables: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/js\/(tala-routes-[a-z0-9.-]+)\.[0-9a-f]{8}\.js$/.exec(request.url())?.[1];
    if (name) routeTables.push(name);
  });
  await page.goto('/studio/build/');
  await hydrated(page);
  // Hydration matched this page's route: its section's table came first (plugins/performance/route-sections).
  expect(routeTables).toContain('tala-routes-studio');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator('article a[href="/reference/conceptual-overviews/request-to-response/"]').first().click();
  await expect(page.locator('article h1')).toHaveText('From request to response');
  expect(routeTables).toContain('tala-routes-reference');
  // Rendered by the router in this document, not by loading the new address.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Back into the first section: its table is not loaded twice.
  await page.goBack();
  await expect(page.locator('article h1')).toHaveText('Build a solution');
  expect(routeTables.filter((name) => name === 'tala-routes-studio')).toHaveLength(1);
});

test('NAV-01 every module of the route table serves its pages: one page of each renders and hydrates with its own content', async ({
  page,
}) => {
  // The build's modules and their routes (site/plugins/performance/route-sections): keys are `${path}-${hash}`.
  const sections: Record<string, string[]> = JSON.parse(
    readFileSync(new URL('../../../site/.docusaurus/tala-route-sections/sections.json', import.meta.url), 'utf8'),
  );
  expect(Object.keys(sections).length).toBeGreaterThan(8);
  for (const [chunkName, keys] of Object.entries(sections)) {
    const key = keys[keys.length - 1] as string;
    const path = key.slice(0, key.lastIndexOf('-'));
    const loaded: string[] = [];
    const onRequest = (request: import('@playwright/test').Request) => loaded.push(request.url());
    page.on('request', onRequest);
    await page.goto(path);
    await hydrated(page);
    page.off('request', onRequest);
    expect(
      loaded.some((url) => url.includes(`/assets/js/${chunkName}.`)),
      `${path} loads ${chunkName}`,
    ).toBe(true);
    // Hydration matched the route: the page's own heading, not the not-found content.
    await expect(page.locator('h1').first(), path).toBeVisible();
    await expect(page.getByText('Page Not Found'), path).toHaveCount(0);
  }
});
