import { expect, test } from '../fixtures';

test('AUTH-02 AUTH-03 the login screen: heading, a Login button that shows a spinner while sign-in starts, Request Access', async ({
  page,
}) => {
  // Answer the sign-in request with 204: the browser stays on the page, in the "starting" state.
  let requested = '';
  await page.route('**/auth/login**', (route) => {
    requested = route.request().url();
    return route.fulfill({ status: 204 });
  });
  await page.goto('/Login/');
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
  await expect(page.getByText('Request Access')).toBeVisible();
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeEnabled();
  await login.click();
  await expect(login).toBeDisabled();
  await expect(page.getByRole('status', { name: 'Signing in' })).toBeVisible();
  expect(new URL(requested).pathname).toBe('/auth/login');
});

test('the 403 page explains the missing role and offers a way back', async ({ page }) => {
  await page.goto('/403/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('on-premises documentation');
  await expect(page.getByText('Documentation.Onprem').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the documentation' }).click();
  await expect(page).toHaveURL(/\/$/);
});
