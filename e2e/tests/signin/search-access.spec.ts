import { expect, test } from '../fixtures';
import { signInAs } from './helpers';

/** SRCH-25: search filters by role on the server; the modal only ever receives allowed hits. */
for (const [who, seesOnprem] of [
  ['Riley Reader', false],
  ['Olu Admin', true],
] as const) {
  test(`SRCH-25 ${who} ${seesOnprem ? 'finds' : 'never receives'} on-prem hits`, async ({ page }) => {
    await page.goto('/');
    await signInAs(page, who);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+k');
    await expect(page.getByPlaceholder('Search docs')).toBeFocused();
    const answer = page.waitForResponse(
      (r) =>
        r.url().includes('/1/indexes/*/queries') && (r.request().postData() ?? '').includes('turkish input processor'),
    );
    await page.keyboard.type('turkish input processor');
    const body = await (await answer).text();
    await expect(page.locator('.DocSearch-Hit, .DocSearch-NoResults').first()).toBeVisible();
    const hrefs = await page
      .locator('.DocSearch-Hit a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith('/on-prem/'))).toBe(seesOnprem);
    expect(body.includes('/on-prem/')).toBe(seesOnprem);
  });
}

test('a search after the session ended reloads into the login screen', async ({ page, context }) => {
  await page.goto('/studio/build/flows/');
  await signInAs(page, 'Riley Reader');
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
  await context.clearCookies();
  const refused = page.waitForResponse((r) => r.url().includes('/1/indexes/*/queries'));
  await page.keyboard.type('carousel');
  expect((await refused).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/studio/build/flows/');
});
