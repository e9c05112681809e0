import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Waits until React has hydrated the page: keyboard shortcuts are listened for only then. */
export async function hydrated(page: Page) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens the DocSearch modal with Ctrl+K and waits for its input to have focus. */
export async function openSearchModal(page: Page) {
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search docs')).toBeFocused();
}
