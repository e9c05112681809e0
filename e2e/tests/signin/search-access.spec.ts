import { expect, test } from '../fixtures';
import { signInAs } from './helpers';

/** SRCH-25: search filters by role on the server; the modal only ever receives allowed hits. */
for (const [who, seesOnprem] of [
  ['Riley Reader', false],
  ['Olu Admin', true],
] as const) {
  test(`SRCH-25 ${who} ${seesOnprem ? 'finds' : 'never receives'} on-prem hits`, async ({ page }) => {
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/1/indexes/*/queries')) bodies.push(await response.text());
    });
    await page.goto('/');
    await signInAs(page, who);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+k');
    await expect(page.getByPlaceholder('Search docs')).toBeFocused();
    await page.keyboard.type('turkish input processor');
    await expect(page.locator('.DocSearch-Hit, .DocSearch-NoResults').first()).toBeVisible();
    const hrefs = await page
      .locator('.DocSearch-Hit a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith('/on-prem/'))).toBe(seesOnprem);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.some((b) => b.includes('/on-prem/'))).toBe(seesOnprem);
  });
}
