import { expect, test } from '../fixtures';
import { openSearchModal } from '../search-modal';
import { signInAs } from './helpers';

/** SRCH-25: search filters by role on the server; the modal only ever receives allowed hits. */
for (const [who, seesOnprem] of [
  ['Riley Reader', false],
  ['Olu Admin', true],
] as const) {
  test(`SRCH-25 ${who} ${seesOnprem ? 'finds' : 'never receives'} on-prem hits`, async ({ page }) => {
    await page.goto('/');
    await signInAs(page, who);
    await openSearchModal(page);
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
  await openSearchModal(page);
  await context.clearCookies();
  const refused = page.waitForResponse((r) => r.url().includes('/1/indexes/*/queries'));
  await page.keyboard.type('carousel');
  expect((await refused).status()).toBe(401);
  // The 401 makes the session store renew, find no session and reload the page: a whole page load
  // and hydration, which took just over 5 s on a loaded CI machine (the button was there after).
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 20_000 });
  // The login screen puts the address the reader was at back into the address bar once rendered.
  await expect(page).toHaveURL(/\/studio\/build\/flows\/$/);
});
