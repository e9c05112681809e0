import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

test('CONF-08 a recoverable hydration error is logged to the console, and the page renders as the client builds it', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The server's HTML differs from what the page renders in the browser: React recovers by
  // rendering on the client, and reports it through onRecoverableError.
  await page.route('**/studio/build/', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('<h1>Build a solution</h1>');
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({
      status: response.status(),
      headers,
      body: html.replace('<h1>Build a solution</h1>', '<h1>Build a solution (as the server had it)</h1>'),
    });
  });
  await page.goto('/studio/build/');
  await hydrated(page);
  await expect.poll(() => errors.join('\n')).toContain('Docusaurus React Root onRecoverableError');
  await expect(page.locator('article h1')).toHaveText('Build a solution');
});
