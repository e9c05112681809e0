import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A docs page is ready once its article's title is shown. */
const articleShown = (page: Page) => expect(page.locator('article h1')).toBeVisible();

/**
 * One page of every template, and when it is ready to be looked at: hydrated, with its interactive
 * parts in the state a reader would see (the API operation with every schema expanded).
 */
export const TEMPLATES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'login screen',
    path: '/Login/',
    ready: (page) => expect(page.locator('main[data-tala-login-screen] button')).toBeEnabled(),
  },
  { name: 'home', path: '/', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { name: 'guide', path: '/studio/deploy/', ready: articleShown },
  {
    name: 'long reference',
    path: '/reference/tala-programming/tql-manual/',
    ready: articleShown,
  },
  {
    name: 'API operation, every schema expanded',
    path: '/reference/apis/studio/publish-environments/publish/',
    ready: async (page) => {
      await articleShown(page);
      // Open every <details>, outermost first, until none is left closed.
      for (let closed = page.locator('article details:not([open]) > summary'); (await closed.count()) > 0; ) {
        await closed.first().click();
      }
    },
  },
  { name: 'category index', path: '/category/studio/', ready: (page) => expect(page.locator('main h1')).toBeVisible() },
  {
    name: 'widget message type',
    path: '/tala-web-widget/message-types/carousel/',
    ready: (page) => expect(page.getByRole('region', { name: 'Widget preview: carousel message' })).toBeVisible(),
  },
  {
    name: 'playground with a valid payload',
    path: '/tala-web-widget/playground/',
    ready: (page) => expect(page.getByRole('region', { name: /Widget preview/ })).toBeVisible(),
  },
  {
    name: 'playground with an invalid payload',
    path: '/tala-web-widget/playground/',
    ready: async (page) => {
      await page.getByLabel('Message payload (JSON)').fill('{"type": "buttons", "buttons": [{"value": "x"}]}');
      await expect(page.getByRole('alert')).toContainText('buttons[0].label is required');
    },
  },
  { name: 'release notes', path: '/home/tala-8.0/', ready: articleShown },
  {
    name: 'on-prem page',
    path: '/on-prem/overview/',
    ready: articleShown,
  },
  { name: '403', path: '/403/', ready: (page) => expect(page.locator('main h1')).toBeVisible() },
  { name: '404', path: '/no/such/page/', ready: (page) => expect(page.locator('main h1')).toBeVisible() },
  {
    name: '/search/ with results',
    path: '/search/?q=publish',
    ready: (page) => expect(page.locator('main article').first()).toBeVisible(),
  },
];
