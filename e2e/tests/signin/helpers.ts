import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCESS_MANIFEST_FILE, type AccessManifest, routeLevel, routeOfPageFile } from '@tala/policy';
import { expect } from '../fixtures';
import { hydrated } from '../search-modal';

const buildDir = path.resolve(import.meta.dirname, '../../../site/build');

/** Files the access manifest classifies onprem, as a browser asks for them: pages at their routes. */
export function onpremFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  return new Set(
    Object.entries(manifest.files)
      .filter(([, level]) => level === 'onprem')
      .map(([file]) => routeOfPageFile(file) ?? `/${file}`),
  );
}

/** Records every request the page makes for an on-prem file: on-prem pages (any case, aliases followed) and gated files. */
export function watchOnpremRequests(page: Page): string[] {
  const gated = onpremFiles();
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (routeLevel(pathname) === 'onprem' || gated.has(pathname)) requested.push(pathname);
  });
  return requested;
}

/**
 * Signs in through the embedded provider's form, from the login screen the page shows now, and
 * waits until the portal's page has started (its chunks loaded, hydrated): a test that changes the
 * cookies next would otherwise refuse the chunks the page is still loading.
 */
export async function signInAs(page: Page, name: 'Riley Reader' | 'Olu Admin'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL((url) => url.port !== '' && !url.pathname.startsWith('/interaction/'));
  await hydrated(page);
}
