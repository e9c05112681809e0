import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { advance, openSearchModal, recordSearchSends, typeHeldSearch } from '../search-modal';
import { ALGOLIA_SEARCH_API_KEY } from '../servers';
import { signInAs } from '../signin/helpers';

/**
 * SEARCH_BACKEND=algolia in the browser: the page asks /api/session for a secured key and sends its
 * searches to the configured hosts with that key, as it would to Algolia. Here the hosts are the
 * gate itself, which verifies secured keys the way Algolia does (HMAC of the parent key, filters,
 * validUntil), so the whole path runs without Algolia.
 */

const isSearch = (url: string) => url.includes('/1/indexes/*/queries');

async function sessionKey(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/session')).json()) as { search: { apiKey: string } };
  return session.search.apiKey;
}

/** A secured key is base64(hmac-hex + restrictions as a query string): its filters. */
const filtersOf = (key: string | null) =>
  new URLSearchParams(
    Buffer.from(key ?? '', 'base64')
      .toString('utf8')
      .slice(64),
  ).get('filters');

for (const [who, seesOnprem] of [
  ['Riley Reader', false],
  ['Olu Admin', true],
] as const) {
  test(`SRCH-25 with Algolia, ${who}'s secured key ${seesOnprem ? 'finds' : 'never receives'} on-prem hits`, async ({
    page,
  }) => {
    await page.goto('/');
    await signInAs(page, who);
    const key = await sessionKey(page);
    expect(key).not.toBe(ALGOLIA_SEARCH_API_KEY);
    await openSearchModal(page);
    const answer = page.waitForResponse(
      (r) => isSearch(r.url()) && (r.request().postData() ?? '').includes('turkish input processor'),
    );
    await page.keyboard.type('turkish input processor');
    const response = await answer;
    // The browser sends the reader's secured key, never the parent key.
    const sent = new URL(response.url()).searchParams.get('x-algolia-api-key');
    expect(filtersOf(sent)).toBe(filtersOf(key));
    expect(filtersOf(sent)?.includes('onprem')).toBe(seesOnprem);
    expect(new URL(response.url()).searchParams.get('x-algolia-application-id')).toBe('TALAE2E');
    const body = await response.text();
    expect(body.includes('/on-prem/')).toBe(seesOnprem);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const hrefs = await page
      .locator('.DocSearch-Hit a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith('/on-prem/'))).toBe(seesOnprem);
  });
}

test('SRCH-24 with Algolia, the /search/ page queries with the secured key', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, 'Riley Reader');
  const key = await sessionKey(page);
  const answer = page.waitForResponse((r) => isSearch(r.url()));
  await page.goto('/search/?q=carousel');
  const sent = new URL((await answer).url()).searchParams.get('x-algolia-api-key');
  expect(sent).not.toBe(ALGOLIA_SEARCH_API_KEY);
  expect(filtersOf(sent)).toBe(filtersOf(key));
  await expect(page.getByText(/\d+ documents found/)).toBeVisible();
  await expect(page.locator('main article a[href="/tala-web-widget/message-types/carousel/"]').first()).toBeVisible();
});

/** The same restrictions, expired a minute ago and signed with the parent key: a key Algolia refuses. */
function expiredCopyOf(key: string): string {
  const restrictions = new URLSearchParams(Buffer.from(key, 'base64').toString('utf8').slice(64));
  restrictions.set('validUntil', String(Math.floor(Date.now() / 1000) - 60));
  const query = restrictions.toString();
  const signature = createHmac('sha256', ALGOLIA_SEARCH_API_KEY).update(query).digest('hex');
  return Buffer.from(signature + query).toString('base64');
}

test('a refused (expired) secured key is renewed from /api/session and the search retried', async ({ page }) => {
  // The page's first session read hands it an expired key (its stated validUntil still ahead, as
  // with a skewed clock), so the gate, standing in for Algolia, really refuses it. A renewal then
  // always brings a different key: a fake refusal of a fresh key could be renewed into the same
  // key within the same second, which the client rightly does not send again.
  let handedExpired = false;
  await page.route('**/api/session', async (route) => {
    const response = await route.fetch();
    if (handedExpired || response.status() !== 200) return route.fulfill({ response });
    const session = (await response.json()) as { search: { apiKey: string } };
    handedExpired = true;
    session.search.apiKey = expiredCopyOf(session.search.apiKey);
    return route.fulfill({ response, json: session });
  });
  await page.goto('/');
  await signInAs(page, 'Riley Reader');
  await openSearchModal(page);
  expect(handedExpired).toBe(true);
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (isSearch(r.url())) statuses.push(r.status());
  });
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  // One input event, so one search (then its retry): typed key by key on a busy machine, a
  // prefix's search could go out too and be counted here.
  await page.getByPlaceholder('Search docs').fill('carousel');
  expect((await renewed).status()).toBe(200);
  await expect(page.locator('.DocSearch-Hit a[href="/tala-web-widget/message-types/carousel/"]').first()).toBeVisible();
  expect(statuses).toEqual([403, 200]);
  await expect(page.getByText('Unable to fetch results')).toHaveCount(0);
});

test('SVC-05 with Algolia hosts (a secured key) the client gives a host 1 s to connect: no error at 0.9 s, the error screen after 1 s', async ({
  page,
}) => {
  await page.clock.install();
  await recordSearchSends(page);
  await page.goto('/');
  await signInAs(page, 'Riley Reader');
  await openSearchModal(page);
  const { held: search, since } = await typeHeldSearch(page, (url) => isSearch(url.href), 'carousel');
  await advance(page, 900 - since);
  await expect(page.getByText('Unable to fetch results')).toHaveCount(0);
  await advance(page, 200);
  await expect(page.getByText('Unable to fetch results')).toBeVisible();
  search.release();
});
