import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

/**
 * Category index pages show a card per item; a doc's card shows its description's first sentence.
 * The descriptions come from the category page's own props, not the docs version's props that
 * every docs page loads (site/plugins/access/docs-instance/card-descriptions.ts).
 */
const CATEGORY = '/category/tala-web-widget/';

async function docCards(page: import('@playwright/test').Page) {
  return page.locator('article a.card').evaluateAll((links) =>
    links
      .filter((link) => !link.getAttribute('href')?.startsWith('/category/'))
      .map((link) => ({
        href: link.getAttribute('href') ?? '',
        description: link.querySelector('.theme-doc-card-description')?.textContent ?? '',
      })),
  );
}

test("CARDS-01 a category page's doc cards show each doc's description, on load and after in-app navigation", async ({
  page,
}) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  const loaded = await docCards(page);
  expect(loaded.length).toBeGreaterThan(2);
  for (const card of loaded) {
    // The card's text is the start of the doc's own description (its meta tag), up to a sentence or an ellipsis.
    const meta = await page.evaluate(async (href) => {
      const html = await (await fetch(href)).text();
      return new DOMParser()
        .parseFromString(html, 'text/html')
        .querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
    }, card.href);
    expect(card.description, card.href).not.toBe('');
    expect(meta ?? '', card.href).toContain(card.description.replace(/…$/, ''));
  }
  // Rendered in the browser from the route's props, not from the server's HTML.
  await page.goto('/studio/build/');
  await hydrated(page);
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, CATEGORY);
  await expect(page.locator('h1')).toHaveText('Tala Web Widget');
  expect(await docCards(page)).toEqual(loaded);
});
