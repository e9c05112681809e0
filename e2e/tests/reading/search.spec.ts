import { expect, test } from '../fixtures';
import {
  advance,
  hydrated,
  openSearchModal,
  openSelectedHit,
  recordSearchSends,
  selectFirstDocHit,
  typeHeldSearch,
} from '../search-modal';

/**
 * The search modal and the /search/ page against the portal's own engine (reading server: the
 * reader holds every role). Seed §2 "Search modal", §5, §7; DESIGN §5.
 */
const QUERIES = '**/1/indexes/*/queries**';

test('SRCH-01 SRCH-02 SRCH-03 SRCH-04 Ctrl+K and "/" open the modal, Escape closes; placeholder, buttons and footer', async ({
  page,
}) => {
  await page.goto('/studio/build/flows/');
  await openSearchModal(page);
  await expect(page.locator('button.DocSearch-Cancel')).toHaveText('Cancel');
  await page.getByPlaceholder('Search docs').fill('flows');
  await expect(page.getByRole('button', { name: 'Clear the query' })).toBeVisible();
  const footer = page.locator('.DocSearch-Footer');
  for (const hint of ['to select', 'to navigate', 'to close']) await expect(footer.getByText(hint)).toBeAttached();
  await expect(footer.getByText('Search by')).toBeAttached();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  // '/' opens outside inputs.
  await page.locator('article h1').click();
  await page.keyboard.press('/');
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
});

test('SRCH-07 Escape closes the panel, which in DocSearch is the modal, and the query goes with it: a second Escape changes nothing, reopening starts empty', async ({
  page,
}) => {
  await page.goto('/studio/build/flows/');
  await openSearchModal(page);
  await page.keyboard.type('flows');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page).toHaveURL(/\/studio\/build\/flows\/$/);
  await openSearchModal(page);
  await expect(page.getByPlaceholder('Search docs')).toHaveValue('');
  await expect(page.getByText('No recent searches')).toBeVisible();
});

test('SRCH-05 SRCH-06 SRCH-08 typing shows results grouped by section; Enter navigates to the active hit', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/');
  await openSearchModal(page);
  await expect(page.getByText('No recent searches')).toBeVisible();
  // One input event, so one search: typed key by key on a busy machine, a prefix's results could
  // show first and change under the assertions below.
  await page.getByPlaceholder('Search docs').fill('publish environments');
  const groups = page.locator('.DocSearch-Hit-source');
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBeGreaterThan(1);
  await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
  // The "Ask" entry comes first and is selected; the first page hit is one step down.
  await selectFirstDocHit(page);
  const first = page.locator('.DocSearch-Hit[aria-selected="true"] a');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/[^/]/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname + url.hash === href);
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  // Every query went to the portal, none to Algolia; no preconnect to Algolia either.
  expect(requests.filter((u) => /algolia/.test(new URL(u).host))).toEqual([]);
  expect(requests.some((u) => u.includes('/1/indexes/*/queries'))).toBe(true);
  await expect(page.locator('link[rel="preconnect"][href*="algolia"]')).toHaveCount(0);
});

test('SRCH-14 SRCH-15 SRCH-16 SRCH-23 a selected result is saved as recent, can become a favorite; storage keyed by index', async ({
  page,
}) => {
  await page.goto('/');
  await openSearchModal(page);
  await page.keyboard.type('carousel');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await openSelectedHit(page);
  await openSearchModal(page);
  await expect(page.getByText('Recent', { exact: true })).toBeVisible();
  const saved = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__tala-docs') ?? '[]'),
  );
  expect(saved).toHaveLength(1);
  expect(saved[0]._highlightResult).toBeUndefined();
  expect(saved[0]._snippetResult).toBeUndefined();
  await page.getByTitle('Save this search').click();
  await expect(page.getByText('Favorite', { exact: true })).toBeVisible();
  const favorites = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('__DOCSEARCH_FAVORITE_SEARCHES__tala-docs') ?? '[]'),
  );
  expect(favorites).toHaveLength(1);
  await page.getByTitle('Remove this search from favorites').click();
  await expect(page.getByText('Favorite', { exact: true })).toHaveCount(0);
});

test('SRCH-10 the no-results screen shows the query and suggestions', async ({ page }) => {
  await page.goto('/');
  await openSearchModal(page);
  await page.keyboard.type('flows');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.getByPlaceholder('Search docs').fill('zzqxqv');
  await expect(page.getByText('No results for')).toBeVisible();
  await expect(page.locator('.DocSearch-NoResults')).toContainText('zzqxqv');
  await expect(page.getByText('Try searching for')).toBeVisible();
  const suggestions = page.locator('.DocSearch-NoResults-Prefill-List li');
  expect(await suggestions.count()).toBeGreaterThan(0);
  expect(await suggestions.count()).toBeLessThanOrEqual(3);
});

test('SRCH-17 a slow answer from the portal (2.5 s of page time) shows the stalled state, then results, not the error screen', async ({
  page,
}) => {
  // The page's clock, not the machine's: the answer is held for 2.5 s of page time however busy
  // the machine is, past Algolia's 1 s / 2 s timeouts but within the portal host's.
  await page.clock.install();
  await recordSearchSends(page);
  await page.goto('/');
  await openSearchModal(page);
  const { held: search, since } = await typeHeldSearch(page, QUERIES, 'carousel');
  await advance(page, 300);
  await expect(page.locator('.DocSearch-Container--Stalled')).toBeAttached();
  await advance(page, 2_500 - 300 - since);
  search.release();
  await page.clock.resume();
  await expect(page.locator('.DocSearch-Hit a[href="/tala-web-widget/message-types/carousel/"]').first()).toBeVisible();
  await expect(page.getByText('Unable to fetch results')).toHaveCount(0);
});

test.describe('when the search service fails', () => {
  test.use({ allowedProblem: /Failed to load resource|status of 50\d|ERR_FAILED|net::/ });

  test('SRCH-11 SRCH-17 the error screen shows "Unable to fetch results"', async ({ page }) => {
    await page.goto('/');
    await page.route(QUERIES, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","status":500}' }),
    );
    await openSearchModal(page);
    await page.keyboard.type('flows');
    await expect(page.getByText('Unable to fetch results')).toBeVisible();
    await expect(page.getByText('You might want to check your network connection.')).toBeVisible();
    await page.unroute(QUERIES);
    await page.route(QUERIES, (route) => route.abort('connectionrefused'));
    await page.getByPlaceholder('Search docs').fill('intent');
    await expect(page.getByText('Unable to fetch results')).toBeVisible();
    await page.unroute(QUERIES);
    await page.getByPlaceholder('Search docs').fill('entities');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });
});

test('SRCH-18 requests are debounced: typing a word sends one search', async ({ page }) => {
  const queries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/1/indexes/*/queries')) queries.push(JSON.parse(r.postData() ?? '{}').requests?.[0]?.query);
  });
  // The page's clock, not the machine's: 40 ms between keystrokes however busy the machine is
  // (a real-time delay let a slow keystroke pass the 200 ms debounce and send "conv").
  await page.clock.install();
  await page.goto('/');
  await openSearchModal(page);
  await page.clock.pauseAt(Date.now() + 1000);
  for (const key of 'conversation') {
    await page.keyboard.press(key);
    await page.clock.runFor(40);
  }
  await page.clock.runFor(250);
  await page.clock.resume();
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(queries).toEqual(['conversation']);
});

test('SRCH-12 the initial query is the selected text, at most 64 characters', async ({ page }) => {
  await page.goto('/studio/build/flows/');
  await hydrated(page);
  await page.evaluate(() => {
    const paragraph = [...document.querySelectorAll('article p')].find(
      (p) => (p.textContent ?? '').length > 80,
    ) as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const value = await page.getByPlaceholder('Search docs').inputValue();
  expect(value).toBe(selected.slice(0, 64));
  expect(await page.getByPlaceholder('Search docs').getAttribute('maxlength')).toBe('64');
});

test('SRCH-19 result URLs drop a /mr-{number}/ segment', async ({ page }) => {
  await page.goto('/');
  // A hit as an index built from a merge-request preview would hold it.
  await page.route(QUERIES, (route) => {
    const request = JSON.parse(route.request().postData() ?? '{}').requests[0];
    const hit = {
      objectID: 'mr-1',
      type: 'lvl1',
      url: 'http://127.0.0.1/mr-123/tala-web-widget/message-types/carousel/',
      hierarchy: {
        lvl0: 'Tala Web Widget',
        lvl1: 'Carousel',
        lvl2: null,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: null,
      _highlightResult: {
        hierarchy: {
          lvl0: { value: 'Tala Web Widget', matchLevel: 'none', matchedWords: [] },
          lvl1: { value: '<mark>Carousel</mark>', matchLevel: 'full', matchedWords: ['carousel'] },
        },
      },
      _snippetResult: { hierarchy: { lvl1: { value: '<mark>Carousel</mark>', matchLevel: 'full' } } },
    };
    return route.fulfill({
      json: {
        results: [
          {
            hits: [hit],
            nbHits: 1,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            query: request.query,
            params: '',
            processingTimeMS: 1,
          },
        ],
      },
    });
  });
  await openSearchModal(page);
  await page.keyboard.type('carousel');
  const link = page.locator('.DocSearch-Hit a').first();
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toBe('/tala-web-widget/message-types/carousel/');
});

test('SRCH-09 SRCH-24 "See all" leads to /search/, which shows results for q with paging', async ({ page }) => {
  await page.goto('/');
  await openSearchModal(page);
  await page.keyboard.type('language object');
  const seeAll = page.getByRole('link', { name: /See all \d+ results/ });
  // Results for the whole query, not for a prefix answered while typing on a busy machine.
  await expect(seeAll).toHaveAttribute('href', /\?q=language(\+|%20)object$/);
  await seeAll.click();
  await expect(page).toHaveURL(/\/search\/\?q=language(\+|%20)object/);
  await expect(page.getByRole('heading', { name: 'Search results for "language object"' })).toBeVisible();
  await expect(page.getByText(/\d+ documents found/)).toBeVisible();
  const results = page.locator('main article');
  await expect(results).toHaveCount(15);
  // The next page loads when the reader scrolls to the end of the list.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 20000);
      return results.count();
    })
    .toBeGreaterThan(15);
});
