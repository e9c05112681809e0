import { expect, test } from '../fixtures';
import { advance, openSearchModal, recordSearchSends, selectFirstDocHit, typeHeldSearch } from '../search-modal';

/**
 * The search client's wire protocol as the browser speaks it (seed §7, §9): Algolia's lite client
 * in the real bundle, talking to the portal's embedded engine.
 */
const QUERIES = '**/1/indexes/*/queries**';

test('SVC-01 SVC-02 SVC-06 the modal posts a requests array with credentials in the query string; the answer has hits and nbHits; insights stay off', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/studio/build/flows/');
  await openSearchModal(page);
  // The answer for the whole word (a busy machine may also send a prefix first).
  const answer = page.waitForResponse(
    (r) => r.url().includes('/1/indexes/*/queries') && (r.request().postData() ?? '').includes('"query":"flows"'),
  );
  await page.keyboard.type('flows');
  const response = await answer;
  const request = response.request();
  const url = new URL(request.url());

  expect(request.method()).toBe('POST');
  expect(url.pathname).toBe('/1/indexes/*/queries');
  // SVC-02: the application id and key travel as query parameters, not as headers.
  expect(url.searchParams.get('x-algolia-application-id')).toBe('TALADOCS');
  expect(url.searchParams.get('x-algolia-api-key')).toBe('portal-session');
  const headers = await request.allHeaders();
  expect(Object.keys(headers).filter((name) => name.startsWith('x-algolia'))).toEqual([]);
  // A "simple" request (text/plain): no CORS preflight to a search host.
  expect(headers['content-type']).toBe('text/plain');

  const { requests } = JSON.parse(request.postData() ?? '{}');
  expect(requests).toEqual([
    {
      query: 'flows',
      indexName: 'tala-docs',
      attributesToRetrieve: [
        'hierarchy.lvl0',
        'hierarchy.lvl1',
        'hierarchy.lvl2',
        'hierarchy.lvl3',
        'hierarchy.lvl4',
        'hierarchy.lvl5',
        'hierarchy.lvl6',
        'content',
        'type',
        'url',
      ],
      attributesToSnippet: [
        'hierarchy.lvl1:10',
        'hierarchy.lvl2:10',
        'hierarchy.lvl3:10',
        'hierarchy.lvl4:10',
        'hierarchy.lvl5:10',
        'hierarchy.lvl6:10',
        'content:10',
      ],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 20,
      clickAnalytics: false,
      facetFilters: expect.arrayContaining(['language:en']),
    },
  ]);

  const { results } = await response.json();
  expect(results).toHaveLength(1);
  expect(results[0].hits.length).toBeGreaterThan(0);
  expect(results[0].nbHits).toBeGreaterThanOrEqual(results[0].hits.length);
  expect(results[0].hits[0]).toEqual(
    expect.objectContaining({ objectID: expect.any(String), type: expect.any(String), url: expect.any(String) }),
  );
  // queryID comes with clickAnalytics only (as from Algolia), which the modal does not ask for.
  expect(results[0].queryID).toBeUndefined();
  const withAnalytics = await page.request.post(request.url(), {
    headers: { 'content-type': 'text/plain' },
    data: JSON.stringify({ requests: [{ ...requests[0], clickAnalytics: true }] }),
  });
  expect((await withAnalytics.json()).results[0].queryID).toMatch(/^[0-9a-f]{32}$/);

  // SVC-06: insights are optional in the seed and off here: nothing loads or sends them, also when
  // a result is opened.
  await selectFirstDocHit(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page.locator('article h1')).toBeVisible();
  expect(
    requested.filter((u) => /insights|search-insights|algolia/i.test(new URL(u).host + new URL(u).pathname)),
  ).toEqual([]);
  expect(await page.evaluate(() => 'aa' in window || 'AlgoliaAnalyticsObject' in window)).toBe(false);
});

test('SVC-05 the portal as search host gets 5 s to connect (Algolia hosts get 1 s): no error at 4.9 s, the error screen after 5 s', async ({
  page,
}) => {
  await page.clock.install();
  await recordSearchSends(page);
  await page.goto('/');
  await openSearchModal(page);
  const { held: search, since } = await typeHeldSearch(page, QUERIES, 'carousel');
  await advance(page, 4_900 - since);
  await expect(page.locator('.DocSearch-Container--Stalled')).toBeAttached();
  await expect(page.getByText('Unable to fetch results')).toHaveCount(0);
  await advance(page, 200);
  await expect(page.getByText('Unable to fetch results')).toBeVisible();
  search.release();
});
