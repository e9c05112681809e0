import type { Locator, Page, Route } from '@playwright/test';
import { wcagViolations } from '../../axe-rules';
import { expect, test } from '../fixtures';
import { hydrated, openSearchModal } from '../search-modal';

/**
 * "Ask the docs" in the search modal and on /search/, against the gate's real `POST /api/ask`
 * (the extractive answerer over the build's records; reading server: the reader holds every role,
 * so on-prem pages may be cited here — signin/ask-access.spec.ts checks a reader's answers).
 */
const QUESTION = 'how do I roll back a publish?';
/** Off the docs' subject: the search finds words of it, Ask finds no answer. */
const OFF_TOPIC = 'how long should I boil an egg';
// axe walks the page with the modal open: 10–25 s an analysis on a busy machine, five of them.
const AXE_TIMEOUT_MS = 240_000;

const panel = (page: Page) => page.locator('[data-ask-panel]');
const turns = (page: Page) => panel(page).locator('article');

/** Opens the modal, types the question in one input event and waits for the Ask entry, first and selected. */
async function typeQuestion(page: Page, question: string): Promise<Locator> {
  await openSearchModal(page);
  await page.getByPlaceholder('Search docs').fill(question);
  const ask = page.locator('.DocSearch-Hit').first();
  await expect(ask).toContainText(`Ask: ${question}`);
  await expect(ask).toHaveAttribute('aria-selected', 'true');
  return ask;
}

/** Holds the next ask requests until `release` is called: the loading state stays on screen meanwhile. */
async function holdAsks(page: Page) {
  const held: Route[] = [];
  let releasing = false;
  await page.route('**/api/ask', async (route) => {
    if (releasing) return route.continue();
    held.push(route);
  });
  return {
    held,
    release: async () => {
      releasing = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

async function expectNoViolations(page: Page, state: string) {
  expect(await wcagViolations(page), state).toEqual([]);
}

test('ASK-UI-01 the Ask entry comes first; Enter streams the answer into the modal; a citation opens its section', async ({
  page,
}) => {
  await page.goto('/studio/build/flows/');
  await typeQuestion(page, QUESTION);
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/ask'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/ask'));
  await page.keyboard.press('Enter');
  // Streamed: the panel asked for server-sent events and got them.
  expect((await asked).headers().accept).toBe('text/event-stream');
  expect(JSON.parse((await asked).postData() ?? '{}')).toEqual({ question: QUESTION, history: [] });
  expect((await answered).headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'answered');
  await expect(turn.getByRole('heading', { name: QUESTION })).toBeVisible();
  // The results make way for the answer.
  await expect(page.locator('.DocSearch-Hit').first()).toBeHidden();
  const sources = turn.locator('ol li a');
  expect(await sources.count()).toBeGreaterThan(0);
  // [1] in the text links to the first source; the live region says the answer is complete.
  await expect(turn.locator('a.tala-ask-cite', { hasText: '[1]' }).first()).toHaveAttribute(
    'href',
    (await sources.first().getAttribute('href')) ?? '',
  );
  // The query stays in the search box while the answer shows.
  await expect(page.getByPlaceholder('Search docs')).toHaveValue(QUESTION);
  // A source that is a section (not a page's lead) opens at that section.
  const section = turn.locator('ol li a[href*="#"]').first();
  const firstSource = await section.getAttribute('href');
  expect(firstSource).toMatch(/^\/[^/].*#./);
  await expect(panel(page).getByRole('status')).toHaveText(/^Answer ready, with \d+ sources?\.$/);
  await page.screenshot({ path: '/tmp/ask-modal-answer-1280.png' });

  await section.click();
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname + url.hash === firstSource);
  const anchor = decodeURIComponent((firstSource ?? '').split('#')[1] ?? '');
  await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
});

test('ASK-UI-02 a follow-up keeps the thread; Copy puts the answer and its sources on the clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/studio/build/flows/');
  await typeQuestion(page, QUESTION);
  await page.keyboard.press('Enter');
  const first = turns(page).first();
  await expect(first).toHaveAttribute('data-state', 'answered');

  await first.getByRole('button', { name: 'Copy answer' }).click();
  // The button says "Copied" for two seconds only; the status line keeps its announcement until the next question.
  await expect(page.getByRole('status').filter({ hasText: 'Answer copied.' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const firstAnswer = (await first.locator('div[aria-busy]').innerText()).split('\n')[0] ?? '';
  expect(copied).toContain('Sources:\n[1] ');
  expect(copied).toContain(`${new URL(page.url()).origin}/`);
  expect(copied.length).toBeGreaterThan(firstAnswer.length);

  const followUp = 'and from the command line?';
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/ask'));
  await panel(page).getByLabel('Ask a follow-up question').fill(followUp);
  await panel(page).getByRole('button', { name: 'Ask', exact: true }).click();
  const body = JSON.parse((await asked).postData() ?? '{}') as { question: string; history: { question: string }[] };
  expect(body.question).toBe(followUp);
  expect(body.history.map((turn) => turn.question)).toEqual([QUESTION]);
  await expect(turns(page)).toHaveCount(2);
  await expect(turns(page).nth(1)).toHaveAttribute('data-state', /answered|no-answer/);
  await expect(turns(page).first().getByRole('heading', { name: QUESTION })).toBeVisible();
});

test('ASK-UI-03 thumbs down with a reason sends the feedback beacon, once', async ({ page }) => {
  await page.goto('/studio/build/flows/');
  await typeQuestion(page, QUESTION);
  await page.keyboard.press('Enter');
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'answered');
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/ask-feedback')) beacons.push(r.postData() ?? '');
  });
  await turn.getByRole('button', { name: 'Not helpful' }).click();
  await expect(turn.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  const reason = turn.getByLabel('What was missing or wrong? (optional)');
  await expect(reason).toBeFocused();
  await reason.fill('It should say which role may roll back');
  await expectNoViolations(page, 'feedback form');
  await page.screenshot({ path: '/tmp/ask-modal-feedback-1280.png' });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/ask-feedback'));
  await turn.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(204);
  await expect(turn.getByText('Thanks for your feedback.')).toBeFocused();
  // Closing the modal sends nothing more: the vote went with its reason.
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  expect(beacons.map((b) => JSON.parse(b))).toEqual([
    { question: QUESTION, verdict: 'down', reason: 'It should say which role may roll back' },
  ]);
});

test('ASK-UI-04 a question the docs do not answer says so, offers the results back, and is reported once', async ({
  page,
}) => {
  await page.goto('/studio/build/flows/');
  await typeQuestion(page, OFF_TOPIC);
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/ask-feedback'));
  await page.keyboard.press('Enter');
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'no-answer');
  await expect(turn).toContainText('The docs you can read do not answer this.');
  await expect(panel(page).getByRole('status')).toHaveText('The docs you can read do not answer this.');
  expect(JSON.parse((await beacon).postData() ?? '{}')).toEqual({ question: OFF_TOPIC, verdict: 'unanswered' });
  await expect(turn.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Back to results' }).click();
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
  await expect(page.locator('.DocSearch-Hit').nth(1)).toBeVisible();
  await expect(panel(page)).toBeHidden();
});

test('ASK-UI-05 /search/?q= shows Ask above the results; the answer streams there', async ({ page }) => {
  await page.goto(`/search/?q=${encodeURIComponent(QUESTION)}`);
  await hydrated(page);
  const ask = page.getByRole('button', { name: `Ask the docs: ${QUESTION}` });
  await expect(ask).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main article').first()).toBeVisible({ timeout: 20_000 });
  await ask.click();
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'answered');
  const panelBox = await panel(page).boundingBox();
  const resultBox = await page.locator('main article').first().boundingBox();
  expect(panelBox && resultBox && panelBox.y + panelBox.height <= resultBox.y).toBe(true);
  await expectNoViolations(page, '/search/ with an answer');
  await page.screenshot({ path: '/tmp/ask-search-page-1280.png', fullPage: false });
  // A citation here is an ordinary link.
  const source = turn.locator('ol li a').first();
  const href = await source.getAttribute('href');
  await source.click();
  await expect(page).toHaveURL((url) => url.pathname + url.hash === href);
});

test('ASK-UI-06 keyboard only: ask, read, follow up, open a source', async ({ page }) => {
  await page.goto('/studio/build/flows/');
  await typeQuestion(page, QUESTION);
  await page.keyboard.press('Enter');
  await expect(turns(page).first()).toHaveAttribute('data-state', 'answered');
  const followUp = panel(page).getByLabel('Ask a follow-up question');
  await tabTo(page, followUp, 60);
  await page.keyboard.type('where is the publish history?');
  await page.keyboard.press('Enter');
  await expect(turns(page)).toHaveCount(2);
  await expect(turns(page).nth(1)).toHaveAttribute('data-state', 'answered');
  const source = turns(page).nth(1).locator('ol li a').first();
  const href = await source.getAttribute('href');
  await tabTo(page, source, 80);
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname + url.hash === href);
});

test('ASK-UI-07 no WCAG 2.2 AA violation: empty, streaming, answered, no answer', async ({ page }) => {
  test.setTimeout(AXE_TIMEOUT_MS);
  await page.goto('/studio/build/flows/');
  await openSearchModal(page);
  await expectNoViolations(page, 'empty modal');

  const hold = await holdAsks(page);
  await page.getByPlaceholder('Search docs').fill(QUESTION);
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(`Ask: ${QUESTION}`);
  await page.keyboard.press('Enter');
  await expect(turns(page).first()).toHaveAttribute('data-state', 'streaming');
  await expect(panel(page)).toContainText('Looking in the docs you can read');
  await expectNoViolations(page, 'streaming');
  await page.screenshot({ path: '/tmp/ask-modal-loading-1280.png' });
  await hold.release();
  await expect(turns(page).first()).toHaveAttribute('data-state', 'answered');
  await expectNoViolations(page, 'answered');

  await page.getByPlaceholder('Search docs').fill(OFF_TOPIC);
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(`Ask: ${OFF_TOPIC}`);
  await page.keyboard.press('Enter');
  await expect(turns(page).first()).toHaveAttribute('data-state', 'no-answer');
  await expectNoViolations(page, 'no answer');
  await page.screenshot({ path: '/tmp/ask-modal-no-answer-1280.png' });
});

test('ASK-UI-08 errors: when the portal cannot be reached, a clear sentence and Retry', async ({ page }) => {
  await page.goto('/studio/build/flows/');
  let refuse = true;
  await page.route('**/api/ask', (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
  await typeQuestion(page, QUESTION);
  await page.keyboard.press('Enter');
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'error');
  await expect(turn).toContainText('The portal could not be reached. Check your connection, then retry.');
  await expect(panel(page).getByRole('status')).toContainText('could not be reached');
  await expectNoViolations(page, 'error');
  refuse = false;
  await turn.getByRole('button', { name: 'Retry' }).click();
  await expect(turns(page).first()).toHaveAttribute('data-state', 'answered');
});

test('ASK-UI-09 screenshots at 390 px: the answer in the modal and the page feedback', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/studio/build/flows/');
  await hydrated(page);
  await page.locator('.DocSearch-Button').click();
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
  await page.getByPlaceholder('Search docs').fill(QUESTION);
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(`Ask: ${QUESTION}`);
  await page.screenshot({ path: '/tmp/ask-modal-entry-390.png' });
  await page.keyboard.press('Enter');
  await expect(turns(page).first()).toHaveAttribute('data-state', 'answered');
  await page.screenshot({ path: '/tmp/ask-modal-answer-390.png' });
  await page.locator('.DocSearch-Dropdown').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page.screenshot({ path: '/tmp/ask-modal-answer-end-390.png' });
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const feedback = page.getByRole('complementary', { name: 'Page feedback' });
  await feedback.getByRole('button', { name: 'No' }).click();
  await feedback.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/ask-page-feedback-dark-390.png' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.goto(`/search/?q=${encodeURIComponent(QUESTION)}`);
  const ask = page.getByRole('button', { name: `Ask the docs: ${QUESTION}` });
  await expect(ask).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main article').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/ask-search-page-button-390.png' });
  await ask.click();
  await expect(turns(page).first()).toHaveAttribute('data-state', 'answered');
  await page.screenshot({ path: '/tmp/ask-search-page-answer-390.png' });
});

test('ASK-UI-10 "Was this page helpful?" sends one vote with its reason', async ({ page }) => {
  await page.goto('/studio/build/flows/');
  await hydrated(page);
  const feedback = page.getByRole('complementary', { name: 'Page feedback' });
  await feedback.getByRole('button', { name: 'Yes' }).click();
  await feedback.getByLabel('What helped? (optional)').fill('The example flow');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/page-feedback'));
  await feedback.getByRole('button', { name: 'Send' }).click();
  expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({
    page: '/studio/build/flows/',
    helpful: true,
    reason: 'The example flow',
  });
  await expect(feedback.getByText('Thanks for your feedback.')).toBeFocused();
  await expectNoViolations(page, 'page feedback sent');
  // A vote without a reason is sent when the reader moves on.
  await page.goto('/studio/build/import/');
  await hydrated(page);
  const next = page.getByRole('complementary', { name: 'Page feedback' });
  await next.getByRole('button', { name: 'No' }).click();
  const leaving = page.waitForRequest((r) => r.url().endsWith('/api/page-feedback'));
  await page.getByRole('link', { name: 'Flows', exact: true }).first().click();
  expect(JSON.parse((await leaving).postData() ?? '{}')).toEqual({ page: '/studio/build/import/', helpful: false });
});

test('ASK-UI-12 the dark theme: the panel takes its colours from the theme (screenshot)', async ({ page }) => {
  // The portal ships the light theme only (colorMode.disableSwitch) and has no dark palette yet
  // (its primary colour fails contrast on dark backgrounds everywhere, navbar included), so no axe
  // run here: this shows that the panel follows the theme's variables, nothing hard-coded.
  await page.goto('/studio/build/flows/');
  await hydrated(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await typeQuestion(page, QUESTION);
  await page.keyboard.press('Enter');
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute('data-state', 'answered');
  const colours = await turn.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, text: style.color };
  });
  expect(colours.background).not.toBe('rgb(255, 255, 255)');
  expect(colours.text).not.toBe('rgb(28, 30, 33)');
  await page.screenshot({ path: '/tmp/ask-modal-answer-dark-1280.png' });
  await page.locator('.DocSearch-Dropdown').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page.screenshot({ path: '/tmp/ask-modal-answer-end-dark-1280.png' });
});

async function tabTo(page: Page, target: Locator, most: number): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
