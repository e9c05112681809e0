import type { Page } from '@playwright/test';

/**
 * Holds back the page's requests matching `url` until `release()`: a chunk that "takes its time"
 * for as long as the test needs, on any machine. `held` lists the paths held so far.
 */
export async function holdRequests(page: Page, url: string | RegExp | ((url: URL) => boolean)) {
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    // The page may be gone by then (a test that ended while the request was held).
    await route.fallback().catch(() => {});
  });
  return { held, release };
}
