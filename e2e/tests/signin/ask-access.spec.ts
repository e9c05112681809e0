import { expect, test } from '../fixtures';
import { openSearchModal } from '../search-modal';
import { signInAs } from './helpers';

/**
 * A reader's answers come from reader pages only: "Ask the docs" never cites, quotes or links an
 * on-prem page for them, while an on-prem admin's answer to the same question does.
 */
const QUESTION = 'how do I roll back a publish?';

for (const [who, seesOnprem] of [
  ['Riley Reader', false],
  ['Olu Admin', true],
] as const) {
  test(`ASK-UI-11 ${who}'s answer ${seesOnprem ? 'cites' : 'never cites'} on-prem pages`, async ({ page }) => {
    await page.goto('/studio/build/flows/');
    await signInAs(page, who);
    await openSearchModal(page);
    await page.getByPlaceholder('Search docs').fill(QUESTION);
    await expect(page.locator('.DocSearch-Hit').first()).toContainText(`Ask: ${QUESTION}`);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/ask'));
    await page.keyboard.press('Enter');
    const body = await (await response).text();
    const turn = page.locator('[data-ask-panel] article').first();
    await expect(turn).toHaveAttribute('data-state', /answered|no-answer/);
    const hrefs = await turn.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((href) => href.startsWith('/on-prem/'))).toBe(seesOnprem);
    expect(body.includes('/on-prem/')).toBe(seesOnprem);
  });
}
