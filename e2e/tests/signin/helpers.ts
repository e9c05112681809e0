import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ACCESS_MANIFEST_FILE, type AccessManifest, routeLevel, routeOfPageFile } from '@tala/policy';
import { SessionCodec } from '../../../server/src/auth/session-cookie.ts';
import { expect } from '../fixtures';
import { hydrated } from '../search-modal';
import { PORTS, SESSION_SECRET } from '../servers';

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

/**
 * Signs the browser in without the provider: a session cookie sealed with the signin server's
 * secret, for an account the demo provider does not have (a long display name, say).
 */
export async function addSessionCookie(
  context: BrowserContext,
  account: { name: string; username: string; roles: readonly string[] },
): Promise<void> {
  const codec = new SessionCodec({
    secrets: [SESSION_SECRET],
    maxAge: 8 * 3600,
    idleTimeout: 3600,
    roleTtl: 3600,
    secure: false,
  });
  const now = Math.floor(Date.now() / 1000);
  const value = await codec.seal({
    sid: `e2e-${account.username}-${now}`,
    sub: `e2e-${account.username}`,
    name: account.name,
    username: account.username,
    roles: [...account.roles],
    authTime: now,
    lastSeen: now,
    rolesAt: now,
  });
  await context.addCookies([{ name: 'tala_session', value, url: `http://127.0.0.1:${PORTS.signin}/` }]);
}
