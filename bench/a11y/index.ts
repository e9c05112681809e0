/**
 * bench/a11y: where the portal stands on WCAG 2.0/2.1/2.2 A and AA, before the sweep
 * that will run in the tests with zero violations. axe-core (`@axe-core/playwright`) in Debian's
 * Chromium on one page of each template and on the search modal with results; prints, per page,
 * each violated rule with the number of elements. A report, not a test: nothing is asserted.
 *
 *   npm run bench:a11y        (after `npm run build`)
 *   A11Y_DETAILS=1 npm run bench:a11y     (each element, with axe's explanation)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ACCESS_MANIFEST_FILE } from '@tala/policy';
import { wcagResults } from '../../e2e/axe-rules.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { startLocalPortal } from '../local-portal.ts';

const buildDir = path.resolve(import.meta.dirname, '../../site/build');

/** One page of each template the issue lists (the portal's own screens included). */
const PAGES: { name: string; path: string; prepare?: (page: Page) => Promise<void> }[] = [
  { name: 'login screen', path: '/Login/' },
  { name: 'home', path: '/' },
  { name: 'guide', path: '/studio/deploy/' },
  { name: 'long reference', path: '/reference/tala-programming/tql-manual/' },
  {
    name: 'API operation (request body expanded)',
    path: '/reference/apis/studio/publish-environments/publish/',
    prepare: async (page) => {
      for (const summary of await page.locator('article details > summary').all()) await summary.click();
    },
  },
  { name: 'category index', path: '/category/studio/' },
  { name: 'widget message type', path: '/tala-web-widget/message-types/carousel/' },
  { name: 'playground', path: '/tala-web-widget/playground/' },
  { name: 'release notes', path: '/home/tala-8.0/' },
  { name: 'on-prem page', path: '/on-prem/overview/' },
  { name: '403', path: '/403/' },
  { name: '404', path: '/no/such/page/' },
  { name: '/search/ with results', path: '/search/?q=publish' },
  {
    name: 'search modal with results',
    path: '/studio/deploy/',
    prepare: async (page) => {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('publish');
      await page.locator('.DocSearch-Hit').first().waitFor();
    },
  },
];

if (!existsSync(path.join(buildDir, ACCESS_MANIFEST_FILE))) {
  console.error('bench/a11y: no build at site/build; run `npm run build` first.');
  process.exit(1);
}
const gate = await startLocalPortal(buildDir);
const { origin } = gate;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const totals = new Map<string, number>();
try {
  for (const { name, path: pagePath, prepare } of PAGES) {
    // axe injects into every frame through the page's own context.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${pagePath}`);
    await page.waitForLoadState('networkidle');
    await prepare?.(page);
    const { violations } = await wcagResults(page);
    const elements = violations.reduce((n, v) => n + v.nodes.length, 0);
    console.log(`\n${name} (${pagePath}): ${violations.length} rules, ${elements} elements`);
    for (const violation of violations) {
      console.log(`  ${violation.id} (${violation.impact}): ${violation.nodes.length} — ${violation.help}`);
      totals.set(violation.id, (totals.get(violation.id) ?? 0) + violation.nodes.length);
      if (process.env.A11Y_DETAILS) {
        for (const node of violation.nodes) {
          console.log(`    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, ' ').slice(0, 300)}`);
        }
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await gate.close();
}
console.log('\nAll pages, elements per rule:');
for (const [rule, count] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`  ${rule}: ${count}`);
