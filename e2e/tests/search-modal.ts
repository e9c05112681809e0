import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { holdRequests } from './held-requests';

/** Waits until React has hydrated the page: keyboard shortcuts are listened for only then. */
export async function hydrated(page: Page) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens the DocSearch modal with Ctrl+K and waits for its input to have focus. */
export async function openSearchModal(page: Page) {
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
}

/** A result of the modal that is a page, not the "Ask: <question>" entry first in the list. */
export const DOC_HIT = '.DocSearch-Hit:not(:has([data-tala-ask]))';

/**
 * Moves the selection from the "Ask: <question>" entry, which the modal selects first (as DocSearch 4
 * does "Ask AI"), to the first page hit, so that Enter opens a page.
 */
export async function selectFirstDocHit(page: Page) {
  const selected = page.locator('.DocSearch-Hit[aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  if ((await selected.locator('[data-tala-ask]').count()) > 0) await page.keyboard.press('ArrowDown');
  await expect(page.locator(`${DOC_HIT}[aria-selected="true"]`)).toHaveCount(1);
}

/**
 * Opens the selected hit with Enter (the first page hit when the Ask entry is selected) and waits until its page has rendered. Docusaurus moves focus
 * to the top of the page after a navigation without a hash; a modal opened before then would lose
 * its focus. The title changes after that render.
 */
export async function openSelectedHit(page: Page) {
  await selectFirstDocHit(page);
  const href = await page.locator('.DocSearch-Hit[aria-selected="true"] a').getAttribute('href');
  const title = await page.title();
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname + url.hash === href);
  if (!href?.includes('#')) await expect(page).not.toHaveTitle(title);
}

type SearchSends = { searchSends: number[] };

/**
 * Records, on the page's clock, when the page sends a search request (Algolia's browser client
 * uses XMLHttpRequest). Call before the page loads.
 */
export function recordSearchSends(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as SearchSends;
    w.searchSends = [];
    const searches = new WeakSet<XMLHttpRequest>();
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (String(args[1]).includes('/1/indexes/')) searches.add(this);
      return (open as (...a: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (searches.has(this)) w.searchSends.push(Date.now());
      return send.call(this, body);
    };
  });
}

/**
 * With the page's clock paused (and recordSearchSends installed): types `text` into the open modal,
 * then advances the clock in 10 ms steps (the 200 ms debounce and the client's zero-delay steps
 * run on it) until the search request has been sent. Returns how long ago, on the page's clock.
 */
export async function typeUntilSent(page: Page, text: string): Promise<number> {
  const clockAndSends = () =>
    page.evaluate(() => ({ now: Date.now(), sends: (window as unknown as SearchSends).searchSends }));
  const before = (await clockAndSends()).sends.length;
  await page.keyboard.type(text);
  for (let step = 0; step < 300; step++) {
    await page.clock.runFor(10);
    const { now, sends } = await clockAndSends();
    if (sends.length > before) return now - (sends.at(-1) ?? now);
  }
  throw new Error(`No search was sent for "${text}" within 3 s of the page's clock`);
}

/** Advances the paused clock by `ms`, the last 100 ms in 10 ms steps, so that promise chains between timers settle. */
export async function advance(page: Page, ms: number) {
  await page.clock.runFor(Math.max(0, ms - 100));
  for (let done = Math.max(0, ms - 100); done < ms; done += 10) await page.clock.runFor(Math.min(10, ms - done));
}

/**
 * With the page's clock installed and recordSearchSends in place (both before `goto`) and the
 * modal open: holds the search requests that `matches`, pauses the clock and types `text` until its
 * request is sent. Returns the held requests and how long ago, on the page's clock, it was sent.
 */
export async function typeHeldSearch(page: Page, matches: Parameters<typeof holdRequests>[1], text: string) {
  const held = await holdRequests(page, matches);
  await page.clock.pauseAt(Date.now() + 1000);
  const since = await typeUntilSent(page, text);
  return { held, since };
}
