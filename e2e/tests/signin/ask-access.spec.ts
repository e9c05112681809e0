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
    await page.keyboard.press('Enter');
    const turn = page.locator('[data-ask-panel] article').first();
    await expect(turn).toHaveAttribute('data-state', /answered|no-answer/);
    const hrefs = await turn.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((href) => href.startsWith('/on-prem/'))).toBe(seesOnprem);
    // The whole answer as JSON, with the same session (the browser's streamed body cannot be read
    // back reliably): no on-prem address or text anywhere in it for the reader.
    const origin = new URL(page.url()).origin;
    const json = await page.request.post('/api/ask', {
      headers: { origin, 'sec-fetch-site': 'same-origin', accept: 'application/json' },
      data: { question: QUESTION },
    });
    expect(json.status()).toBe(200);
    expect((await json.text()).includes('/on-prem/')).toBe(seesOnprem);
  });
}
