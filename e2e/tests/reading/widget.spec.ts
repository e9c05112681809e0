import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';

test('a message type page shows the live preview in the static HTML and in the browser', async ({ page, request }) => {
  const html = await (await request.get('/tala-web-widget/message-types/card/')).text();
  // Server-rendered: the preview is in the HTML before any JavaScript runs.
  expect(html).toMatch(/data-message-type="?card/);
  expect(html).toContain('Margherita');
  await page.goto('/tala-web-widget/message-types/card/');
  await hydrated(page);
  const preview = page.getByRole('region', { name: 'Widget preview: card message' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('img', { name: 'A Margherita pizza' })).toBeVisible();
  await preview.getByRole('button', { name: 'Order' }).click();
  await expect(preview.getByText('The widget would send: order margherita')).toBeVisible();
});

test('the carousel preview scrolls with its buttons and the keyboard', async ({ page }) => {
  await page.goto('/tala-web-widget/message-types/carousel/');
  await hydrated(page);
  const preview = page.getByRole('region', { name: 'Widget preview: carousel message' });
  await expect(preview.getByRole('button', { name: 'Next card' })).toBeVisible();
  await expect(preview.getByRole('region', { name: '1 of 3' })).toBeVisible();
});

test('the playground previews as you type, explains a malformed payload, and recovers', async ({ page }) => {
  await page.goto('/tala-web-widget/playground/');
  await hydrated(page);
  const editor = page.getByLabel('Message payload (JSON)');
  await page.getByLabel('Example').selectOption('quick-reply');
  await expect(page.getByRole('region', { name: 'Widget preview: quick-reply message' })).toBeVisible();

  await editor.fill('{"type": "bubble", "text": "Hello from the playground"}');
  await expect(page.getByRole('region', { name: 'Widget preview: bubble message' })).toContainText(
    'Hello from the playground',
  );

  await editor.fill('{"type": "bubble", "text": ');
  await expect(page.getByRole('alert')).toContainText('The JSON is not valid');
  await editor.fill('{"type": "buttons", "buttons": [{"value": "x"}]}');
  await expect(page.getByRole('alert')).toContainText('buttons[0].label is required');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');

  await editor.fill('{"type": "rating", "text": "How was it?", "scale": 4}');
  await expect(page.getByRole('region', { name: 'Widget preview: rating message' })).toContainText('How was it?');
  // The rest of the page still works.
  await expect(page.locator('nav.navbar')).toBeVisible();
});
