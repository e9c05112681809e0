import { wcagViolations } from '../../axe-rules';
import { expect, test } from '../fixtures';
import { signInAs } from './helpers';

/**
 * The reading project's sweep runs without an account (SKIP_AUTHENTICATION), so the navbar there
 * has no reader's menu. Signed in, the same zero: with the menu closed, and open.
 */
test.describe('signed in', () => {
  test.setTimeout(120_000);

  test('A11Y-01 a guide with the reader menu closed and open has no WCAG 2.2 AA violation', async ({ page }) => {
    await page.goto('/studio/deploy/');
    await signInAs(page, 'Riley Reader');
    await expect(page.locator('article h1')).toBeVisible();
    const menu = page.locator('.navbar').getByRole('button', { name: 'Riley Reader' });
    await expect(menu).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    await menu.click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The open menu itself: it lies over the table of contents, whose links it partly covers
    // (axe's target-size would count them as smaller while a popup is open).
    expect(await wcagViolations(page, 'nav.navbar')).toEqual([]);
  });
});
