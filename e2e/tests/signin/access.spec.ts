import { SessionCodec } from '../../../server/src/auth/session-cookie.ts';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';
import { PORTS, SESSION_SECRET } from '../servers';
import { speculation, speculationSettled, watchSpeculation } from '../speculation';
import { signInAs, watchOnpremRequests } from './helpers';

test('ROLE-03 a reader loading an on-prem page directly lands on /403/', async ({ page }) => {
  await watchSpeculation(page);
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  const requested = watchOnpremRequests(page);
  await page.goto('/on-prem/overview/');
  await expect(page).toHaveURL(/\/403\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('on-premises documentation');
  // Its navbar links to the on-prem section: once its links' prefetches have run, still nothing.
  await hydrated(page);
  await speculationSettled(page);
  // The page request itself was refused with a redirect: no on-prem byte.
  expect(requested.filter((p) => p !== '/on-prem/overview/')).toEqual([]);
});

test('ROLE-03 ROLE-04 a reader following an in-app link to /on-prem/ lands on /403/ and no on-prem chunk is requested', async ({
  page,
}) => {
  await watchSpeculation(page);
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  await expect(page.locator('article h1')).toBeVisible();
  await speculationSettled(page);
  const requested = watchOnpremRequests(page);
  const link = page.locator('.navbar').getByRole('link', { name: 'On-premises' });
  await link.hover();
  const { observed } = await speculation(page);
  await link.click();
  await expect(page).toHaveURL(/\/403\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('on-premises documentation');
  // What the new page's links queued for idle time has run too.
  await speculationSettled(page, observed);
  expect(requested).toEqual([]);
});

test('ROLE-03 an on-prem admin reads on-prem pages, by direct load and by in-app link', async ({ page }) => {
  await page.goto('/on-prem/overview/');
  await signInAs(page, 'Olu Admin');
  await expect(page).toHaveURL(/\/on-prem\/overview\/$/);
  await expect(page.locator('article h1')).toHaveText('On-premises overview');
  await page.goto('/studio/build/');
  await page.locator('.navbar').getByRole('link', { name: 'On-premises' }).click();
  await expect(page).toHaveURL(/\/on-prem\/category\/on-prem\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On-premises');
});

test('AUTH-01 a tampered session cookie leads to the login screen', async ({ page, context }) => {
  await page.goto('/studio/build/');
  await signInAs(page, 'Riley Reader');
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'tala_session');
  expect(cookie).toBeTruthy();
  const value = cookie?.value ?? '';
  await context.addCookies([{ ...(cookie as NonNullable<typeof cookie>), value: `${value.slice(0, -3)}AAA` }]);
  const response = await page.goto('/studio/build/');
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
});

test('AUTH-01 an expired session cookie leads to the login screen', async ({ page, context }) => {
  const codec = new SessionCodec({
    secrets: [SESSION_SECRET],
    maxAge: 8 * 3600,
    idleTimeout: 3600,
    roleTtl: 3600,
    secure: false,
  });
  const longAgo = Math.floor(Date.now() / 1000) - 9 * 3600;
  // Sealed with the server's secret but past both limits (jose refuses it, and so does the gate).
  const value = await codec.seal({
    sid: 'expired-session',
    sub: 'x',
    name: 'Old',
    username: null,
    roles: ['Documentation.Reader'],
    authTime: longAgo,
    lastSeen: longAgo,
    rolesAt: longAgo,
  });
  await context.addCookies([{ name: 'tala_session', value, url: `http://127.0.0.1:${PORTS.signin}/` }]);
  const response = await page.goto('/studio/build/');
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
});

test.describe('a session that ends while reading', () => {
  // The app's next chunk request answers 401 (JSON): the browser refuses it as a script and
  // Docusaurus reports the failed chunk, then reloads.
  test.use({
    allowedProblem: /Loading chunk \S+ failed|Refused to execute script .* MIME type \('application\/json'\)/,
  });

  test('reloads into the login screen at the new address', async ({ page, context }) => {
    await page.goto('/studio/build/');
    await signInAs(page, 'Riley Reader');
    await expect(page.locator('article h1')).toBeVisible();
    await context.clearCookies();
    await page.locator('article').getByRole('link', { name: 'Test a solution' }).first().click();
    await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
    await expect(page).toHaveURL(/\/studio\/test\/$/);
  });
});
