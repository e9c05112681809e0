/**
 * Checks on the real portal build (site/build, made by `npm run build` before the tests run).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCESS_MANIFEST_FILE, type AccessManifest, isPageFile, pageFileOf } from '@tala/policy';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(siteDir, 'build');
const specDir = path.resolve(siteDir, '../spec');
const manifest: AccessManifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8'));

interface SpecRoute {
  route: string;
  access: string;
  flags: string[];
}
const specRoutes: SpecRoute[] = readFileSync(path.join(specDir, 'routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'))
  .map((line) => {
    const [route = '', access = '', flags = ''] = line.split('\t');
    return { route, access, flags: flags.split(/\s+/).filter(Boolean) };
  });

/** Routes that later issues write, each with the issue that delivers it; shrinks as they land. */
const pending = new Map(
  readFileSync(path.join(specDir, 'pending-routes.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => line.split(/\s+/) as [string, string]),
);

const pageFile = (route: string) => path.join(buildDir, pageFileOf(route));
const pagesUnder = (prefix: string) => {
  const dir = path.join(buildDir, prefix.slice(1));
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).filter(
        (d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'index.html')),
      ).length
    : 0;
};

test('SITE-07 every routes.txt route is built, except those a later issue delivers (and those are not built yet)', () => {
  const missing: string[] = [];
  const stalePending: string[] = [];
  for (const { route, flags } of specRoutes) {
    const min = Number(flags.find((f) => f.startsWith('min='))?.slice(4) ?? 1);
    const built = route.endsWith('*') ? pagesUnder(route.slice(0, -1)) >= min : existsSync(pageFile(route));
    if (pending.has(route)) {
      if (built) stalePending.push(route);
    } else if (!built) missing.push(route);
  }
  assert.deepEqual(missing, [], 'routes missing from the build');
  assert.deepEqual(stalePending, [], 'built routes still listed in spec/pending-routes.txt: remove them');
});

test('SITE-03 every built page lives at a path with a trailing slash', () => {
  const pages = Object.keys(manifest.files).filter((f) => f.endsWith('.html'));
  assert.deepEqual(
    pages.filter((f) => f !== '404.html' && !isPageFile(f)),
    [],
  );
});

test('SITE-08 pages flagged nosidebar have none; other docs pages have one', () => {
  const problems: string[] = [];
  for (const { route, flags } of specRoutes) {
    if (route.endsWith('*') || !existsSync(pageFile(route))) continue;
    const html = readFileSync(pageFile(route), 'utf8');
    if (!html.includes('theme-doc-markdown') && !html.includes('generated-index-page')) continue; // not a docs page
    const hasSidebar = html.includes('theme-doc-sidebar-container');
    if (flags.includes('nosidebar') === hasSidebar)
      problems.push(`${route}: sidebar ${hasSidebar ? 'shown' : 'missing'}`);
  }
  assert.deepEqual(problems, []);
});

test('ROLE-05 the sitemap lists reader pages and no on-prem URL', () => {
  const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /<loc>[^<]*\/studio\/build\/<\/loc>/);
  assert.doesNotMatch(sitemap, /on-prem/);
  assert.doesNotMatch(sitemap, /\/Login\/|\/403\//);
});

test('ROLE-05 on-prem page text is only in files classified onprem', () => {
  const canary = 'ONPREM-OVERVIEW-7Q2X';
  const holders = Object.keys(manifest.files).filter((file) =>
    readFileSync(path.join(buildDir, file), 'latin1').includes(canary),
  );
  assert.ok(holders.length > 0, 'the canary is in the build');
  assert.deepEqual(
    holders.filter((file) => manifest.files[file] !== 'onprem'),
    [],
  );
});

test('SITE-01 English, left-to-right, one docs version labelled Next (current and last)', () => {
  const html = readFileSync(path.join(buildDir, 'studio/build/index.html'), 'utf8');
  const htmlTag = /<html[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(htmlTag, /\blang="?en[\s">]/);
  assert.match(htmlTag, /\bdir="?ltr[\s">]/);
  const globalData = JSON.parse(readFileSync(path.join(siteDir, '.docusaurus/globalData.json'), 'utf8'));
  for (const id of ['default', 'on-prem']) {
    const { versions } = globalData['docusaurus-plugin-content-docs'][id];
    assert.equal(versions.length, 1, id);
    assert.equal(versions[0].label, 'Next', id);
    assert.equal(versions[0].isLast, true, id);
    assert.equal(versions[0].name, 'current', id);
  }
  assert.equal(
    globalData['docusaurus-plugin-content-docs'].default.versions[0].mainDocId,
    'index',
    'the main doc is the root page',
  );
});

test('the global data every page loads carries no on-prem page title, generated API pages included', () => {
  const globalData = readFileSync(path.join(siteDir, '.docusaurus/globalData.json'), 'utf8');
  // Every on-prem page of the build, as its head names it (`<title>Publish | Tala Docs</title>`).
  const onPremPages = Object.keys(manifest.files).filter(
    (file) => isPageFile(file) && manifest.files[file] === 'onprem',
  );
  const titles = onPremPages.map(
    (file) => /<title[^>]*>([^<|]+)/.exec(readFileSync(path.join(buildDir, file), 'utf8'))?.[1]?.trim() ?? file,
  );
  assert.ok(
    onPremPages.some((file) => file.startsWith('on-prem/apis/')),
    'generated on-prem API pages are read',
  );
  assert.deepEqual(
    titles.filter((title) => globalData.includes(title)),
    [],
  );
});

test('search records: every page indexed with its access level; login, 403, 404 and search skipped', () => {
  const records = JSON.parse(readFileSync(path.join(buildDir, '.search-records.json'), 'utf8')) as {
    url_without_anchor: string;
    access: string;
    type: string;
  }[];
  assert.ok(records.length > 1000);
  const wrong = records.filter((r) => {
    const pathname = new URL(r.url_without_anchor).pathname;
    return r.access !== manifest.files[pageFileOf(pathname)];
  });
  assert.deepEqual(wrong.slice(0, 5), []);
  assert.ok(records.some((r) => r.access === 'onprem' && r.url_without_anchor.includes('/on-prem/')));
  for (const skipped of ['/Login/', '/403/', '/search/']) {
    assert.ok(!records.some((r) => new URL(r.url_without_anchor).pathname === skipped), skipped);
  }
  assert.ok(records.some((r) => r.type === 'lvl1') && records.some((r) => r.type === 'content'));
});

test('Prism grammars: none in main.js, and each defined in exactly one chunk that the pages using it share', () => {
  const jsDir = path.join(buildDir, 'assets/js');
  const files = readdirSync(jsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(path.join(jsDir, name), 'utf8') }));
  for (const language of ['markup', 'css', 'javascript', 'json', 'bash', 'yaml', 'groovy', 'http']) {
    const defining = files.filter((file) => file.text.includes(`.languages.${language}=`)).map((file) => file.name);
    assert.equal(defining.length, 1, `${language} is defined in ${defining.join(', ') || 'no file'}`);
    assert.match(defining[0] as string, /^prism-\w+\.[0-9a-f]+\.js$/, `${language} is in ${defining[0]}`);
  }
});

test('DocSearch loads with the modal, not with every page: main.js has the button but none of the modal', () => {
  const jsDir = path.join(buildDir, 'assets/js');
  const main = readdirSync(jsDir).find((name) => /^main\.[0-9a-f]+\.js$/.test(name)) as string;
  const text = readFileSync(path.join(jsDir, main), 'utf8');
  assert.match(text, /DocSearch-Button-Placeholder/);
  assert.doesNotMatch(text, /DocSearch-Modal|__DOCSEARCH_RECENT_SEARCHES__/);
  const withModal = readdirSync(jsDir).filter(
    (name) =>
      name.endsWith('.js') && readFileSync(path.join(jsDir, name), 'utf8').includes('__DOCSEARCH_RECENT_SEARCHES__'),
  );
  assert.equal(withModal.length, 1, `the modal is in ${withModal.join(', ')}`);
});

test('"Ask the docs" loads with the modal or the /search/ page: main.js has none of its panel or Markdown parser', () => {
  const jsDir = path.join(buildDir, 'assets/js');
  const main = readdirSync(jsDir).find((name) => /^main\.[0-9a-f]+\.js$/.test(name)) as string;
  const text = readFileSync(path.join(jsDir, main), 'utf8');
  assert.doesNotMatch(text, /Looking in the docs you can read|Ask a follow-up question/);
  // micromark's constructs (the Markdown parser of the answers) stay out of every page's script.
  assert.doesNotMatch(text, /thematicBreak/);
  const withPanel = readdirSync(jsDir).filter(
    (name) => name.endsWith('.js') && readFileSync(path.join(jsDir, name), 'utf8').includes('Ask a follow-up question'),
  );
  // Lazy chunks only: one loaded with the modal, and the bundler may give the /search/ page's
  // route its own copy (14 KB); never main.js (checked above).
  assert.ok(withPanel.length >= 1 && withPanel.length <= 2, `the Ask panel is in ${withPanel.join(', ')}`);
});

test('SIDEBAR-GROUPS every built docs page with a sidebar finds itself in it: its group holds it, marked current', () => {
  // Each page loads its group's sidebar (plugins/access/docs-instance/sidebar-groups.ts); a page
  // given another group's would show no current item and no breadcrumbs.
  const problems: string[] = [];
  let checked = 0;
  for (const file of Object.keys(manifest.files)) {
    if (!isPageFile(file) || !file.endsWith('index.html')) continue;
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const sidebar = /<nav aria-label="Docs sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
    if (sidebar === undefined) continue;
    const route = `/${file.slice(0, -'index.html'.length)}`;
    const current = [...sidebar.matchAll(/<a\b[^>]*>/g)]
      .map((tag) => tag[0])
      // The build's HTML is minified: attribute values may be unquoted.
      .filter(
        (tag) => /class="[^"]*\bmenu__link--active\b/.test(tag) && new RegExp(`href="?${route}[\\s">]`).test(tag),
      );
    if (current.length === 0) problems.push(route);
    checked += 1;
  }
  assert.ok(checked > 300, `only ${checked} pages with a sidebar`);
  assert.deepEqual(problems, [], 'pages whose sidebar does not hold them');
});
