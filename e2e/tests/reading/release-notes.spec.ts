import { expect, test } from '../fixtures';

/** Seed §2 "/home/": release notes for every listed version, sub-pages for some, the widget's. */
const VERSIONS = ['7', '7.0.1', '7.0.2', '7.0.3', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.6.1', '8.0'];
const SUB_PAGES = { tech: 'technical notes', studio: 'Studio', engine: 'Engine', languages: 'languages' };
const WITH_SUB_PAGES = ['7.5', '7.6', '8.0'];

const PAGES: [path: string, title: string][] = [
  ...VERSIONS.map((v): [string, string] => [`/home/tala-${v}/`, `Tala ${v}`]),
  ...WITH_SUB_PAGES.flatMap((v) =>
    Object.entries(SUB_PAGES).map(([slug, name]): [string, string] => [
      `/home/tala-${v}/${slug}/`,
      `Tala ${v} ${name}`,
    ]),
  ),
  ['/home/tala-web-widget-1.0/', 'Tala Web Widget 1.0'],
  ['/home/tala-web-widget-2.0/', 'Tala Web Widget 2.0'],
];

test('SITE-10 release notes open at /home/tala-{version}/ for every listed version, with sub-pages for 7.5, 7.6 and 8.0, and the widget 1.0 and 2.0 pages', async ({
  page,
}) => {
  await page.goto('/category/releases/');
  // Each page as the browser gets it from the gate: status and the server-rendered heading and sidebar.
  const served = await page.evaluate(
    (paths) =>
      Promise.all(
        paths.map(async (path) => {
          const response = await fetch(path);
          const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
          const sidebar = doc.querySelector('nav[aria-label="Docs sidebar"]') !== null;
          return [path, response.status, doc.querySelector('article h1')?.textContent, sidebar];
        }),
      ),
    PAGES.map(([path]) => path),
  );
  expect(served).toEqual(PAGES.map(([path, title]) => [path, 200, title, true]));
  // The release notes category lists them, and they open in-app.
  const listed = await page
    .locator('article a[href^="/home/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(listed).toEqual(
    expect.arrayContaining([
      '/home/tala-8.0/',
      '/home/tala-7.6.1/',
      '/home/tala-7.6/',
      '/home/tala-7.5/',
      '/home/tala-web-widget-1.0/',
      '/home/tala-web-widget-2.0/',
    ]),
  );
  await page.locator('article a[href="/home/tala-7.6.1/"]').click();
  await expect(page.locator('article h1')).toHaveText('Tala 7.6.1');
  await page.locator('nav[aria-label="Docs sidebar"] a[href="/home/tala-8.0/"]').click();
  await expect(page.locator('article h1')).toHaveText('Tala 8.0');
});
