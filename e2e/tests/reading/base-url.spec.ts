import path from 'node:path';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';
import { serveStatic } from '../static-server';

const buildDir = path.resolve(import.meta.dirname, '../../../site/build');
const BANNER = '#__docusaurus-base-url-issue-banner';

test('CHRM-13 served under a wrong path the real build shows the red banner, naming baseUrl "/" and suggesting the path; at its address it does not', async ({
  page,
}) => {
  // The build's files, but under /wrong-base/: its scripts and styles (at /assets/) do not load.
  const server = await serveStatic(buildDir, '/wrong-base/');
  try {
    await page.goto(`${server.origin}/wrong-base/`);
    const banner = page.locator(BANNER);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Your Docusaurus site did not load properly.');
    await expect(banner).toContainText('A very common reason is a wrong site baseUrl configuration.');
    await expect(banner).toContainText('Current configured baseUrl = / (default value)');
    await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/wrong-base/');
    await expect(banner).toHaveCSS('border-top-color', 'rgb(255, 0, 0)');
  } finally {
    await server.close();
  }
  // At the right address, through the gate and under its CSP, the banner's script runs and stays quiet.
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator(BANNER)).toHaveCount(0);
});
