import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';
import { PORTS } from '../servers';
import { signInAs } from './helpers';

test('AUTH-01 an anonymous reader gets the login screen on any page, at the address asked for (401)', async ({
  page,
}) => {
  for (const url of ['/', '/studio/build/', '/on-prem/overview/', '/no/such/page/']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(401);
    await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(page.getByText('Request Access')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(url);
  }
});

test('AUTH-04 AUTH-05 AUTH-06 a reader who signs in comes back to the deep link with its query and hash', async ({
  page,
}) => {
  await page.goto('/reference/conceptual-overviews/request-to-response/?from=mail#tokenisation');
  await page.getByRole('button', { name: 'Login' }).click();
  // The provider's authorize request carries the scopes of seed §4 and PKCE.
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByRole('button', { name: /Riley Reader/ }).click();
  await page.waitForURL(/request-to-response/);
  expect(page.url()).toBe(
    `http://127.0.0.1:${PORTS.signin}/reference/conceptual-overviews/request-to-response/?from=mail#tokenisation`,
  );
  await expect(page.locator('article h1')).toHaveText('From request to response');
  expect(await page.evaluate(() => localStorage.getItem('deeplink'))).toBeNull();
});

test('AUTH-04 the sign-in request asks for openid and profile, with PKCE, state and nonce', async ({ page }) => {
  await page.goto('/studio/build/');
  const authorize = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/auth' && request.url().includes('client_id'),
  );
  await page.getByRole('button', { name: 'Login' }).click();
  const url = new URL((await authorize).url());
  expect(url.searchParams.get('scope')).toBe('openid profile');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
});

test('CHRM-01 AUTH-07 the user menu shows the name; logout lands on /Login/ and back shows no content', async ({
  page,
}) => {
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  const menu = page.getByRole('button', { name: /Riley Reader/ });
  await expect(menu).toBeVisible();
  // The menu sits next to search, on the right.
  await expect(page.locator('.navbar__items--right').getByRole('button', { name: /Riley Reader/ })).toBeVisible();
  await menu.click();
  const logout = page.getByRole('button', { name: 'Logout' });
  await logout.click();
  await page.waitForURL(/\/Login\/$/);
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(0);
});

test('CHRM-02 the user menu closes 100 ms after it loses focus: still open at 99 ms, closed at 100 ms', async ({
  page,
}) => {
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  const menu = page.getByRole('button', { name: /Riley Reader/ });
  await menu.click();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  // The page's clock, not the machine's.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.locator('article h1').click();
  await page.clock.runFor(99);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.clock.runFor(1);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(logout).toBeHidden();
});

test('AUTH-06 open-redirect attempts are refused: sign-in ends on the portal', async ({ page }) => {
  for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example/', '%2F%2Fevil.example']) {
    await page.context().clearCookies();
    await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    if (page.url().includes('/interaction/')) await page.getByRole('button', { name: /Riley Reader/ }).click();
    await page.waitForURL((url) => url.port === String(PORTS.signin));
    expect(new URL(page.url()).host, returnTo).toBe(`127.0.0.1:${PORTS.signin}`);
    // The page has started before the next attempt clears the cookies its chunks need.
    await hydrated(page);
  }
});

test('AUTH-10 with the identity provider down, the login screen stays and says so', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORTS.idpDown}/studio/build/`);
  await expect(page.getByRole('alert')).toContainText('Sign-in is not available right now');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/Login\/\?error=unavailable$/);
  await expect(page.getByRole('alert')).toContainText('identity provider could not be reached');
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
});

test("AUTH-07 logout empties the browser's cache of the gated chunks it kept while signed in", async ({
  page,
  browser,
}) => {
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  await expect(page.locator('article h1')).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/js\/.+\.[0-9a-f]{8,}\.js$/.test(path)),
  );
  // A chunk of this page that only a signed-in reader may load.
  const anonymous = await browser.newContext({ baseURL: `http://127.0.0.1:${PORTS.signin}` });
  let gated: string | undefined;
  for (const path of scripts) {
    if ((await anonymous.request.get(path)).status() === 401) {
      gated = path;
      break;
    }
  }
  await anonymous.close();
  expect(gated, `a gated chunk among ${scripts.join(', ')}`).toBeDefined();
  // `only-if-cached` answers from the HTTP cache without asking the server (Chromium skips revalidation).
  const fromCache = (path: string) =>
    page.evaluate(
      (url) =>
        fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then(
          (response) => response.status,
          () => 'not cached',
        ),
      path,
    );
  expect(await fromCache(gated as string)).toBe(200);

  await page.getByRole('button', { name: /Riley Reader/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/Login\/$/);
  expect(await fromCache(gated as string)).toBe('not cached');
});

/** Presses Tab until the target has the focus (at most 20 times), then checks the focus shows. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
}

test('A11Y-06 a keyboard reader signs in: Tab to Login, Enter, Tab to an account, Enter, and reads the page asked for', async ({
  page,
}) => {
  await page.goto('/studio/deploy/');
  await tabTo(page, page.getByRole('button', { name: 'Login' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/interaction\//);
  await tabTo(page, page.getByRole('button', { name: /Riley Reader/ }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/studio\/deploy\/$/);
  await expect(page.locator('article h1')).toHaveText('Deploy a solution');
  await hydrated(page);
});
