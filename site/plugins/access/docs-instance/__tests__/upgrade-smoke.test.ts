import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadContext } from '@docusaurus/core/lib/server/site.js';
import type { LoadContext, PluginContentLoadedActions } from '@docusaurus/types';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { broke } from '../../../../__tests__/upgrade-smoke';
import { CARD_DESCRIPTIONS_PROP } from '../card-descriptions';
import docsInstance, { validateOptions } from '../index';

const SECTION = 'Docs plugin global data';
const WRAPPER = 'site/plugins/access/docs-instance/index.ts and lean-global-data.ts';
/** The page's title and sidebar label: on-prem text that must not reach the global data. */
const SECRETS = ['SMOKE-ONPREM-TITLE-7f3a', 'SMOKE-ONPREM-LABEL-7f3a'];

/** The global data keys lean-global-data.ts knows; a new key may carry on-prem text. */
const KNOWN_KEYS = {
  instance: ['breadcrumbs', 'path', 'versions'],
  version: ['docs', 'draftIds', 'isLast', 'label', 'mainDocId', 'name', 'path', 'sidebars'],
  sidebar: ['link'],
  link: ['label', 'path'],
};

/** Longer than a category card shows: its category page's props must carry it cut, the version props not at all (card-descriptions.ts). */
const LONG_DESCRIPTION = `${'A description of the page that goes on and on '.repeat(6)}and ends here.`;

const siteDir = mkdtempSync(path.join(os.tmpdir(), 'tala-upgrade-smoke-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));

test('UPGRADE docs plugin global data: the docs-instance wrapper still intercepts setGlobalData, leaves no doc list and no page text, and its shape is known', async () => {
  // A one-page on-prem instance: the page's sidebar label is the first sidebar link's label.
  mkdirSync(path.join(siteDir, 'on-prem'));
  writeFileSync(
    path.join(siteDir, 'docusaurus.config.js'),
    "module.exports = { title: 'Smoke', url: 'http://localhost', baseUrl: '/' };\n",
  );
  writeFileSync(
    path.join(siteDir, 'on-prem', 'secret.md'),
    `---\ntitle: ${SECRETS[0]}\nsidebar_label: ${SECRETS[1]}\ndescription: ${LONG_DESCRIPTION}\n---\n\nOn-prem body.\n`,
  );
  // A category with an index page of cards, after the page in the sidebar.
  mkdirSync(path.join(siteDir, 'on-prem', 'zguides'));
  writeFileSync(
    path.join(siteDir, 'on-prem', 'zguides', '_category_.json'),
    JSON.stringify({ label: 'Guides', link: { type: 'generated-index' } }),
  );
  writeFileSync(
    path.join(siteDir, 'on-prem', 'zguides', 'howto.md'),
    `---\ntitle: How to\ndescription: ${LONG_DESCRIPTION}\n---\n\nBody.\n`,
  );

  let context: LoadContext;
  try {
    context = await loadContext({ siteDir });
  } catch (error) {
    assert.fail(
      broke(
        `this test could not build a LoadContext (@docusaurus/core lib/server/site.js): ${error}`,
        'this test',
        SECTION,
      ),
    );
  }
  type Validate = Parameters<typeof validateOptions>[0]['validate'];
  const options = validateOptions({
    validate: normalizePluginOptions as Validate,
    options: { id: 'on-prem', path: 'on-prem', routeBasePath: 'on-prem' },
  });
  const plugin = await docsInstance(context, options);
  assert.ok(
    plugin.loadContent && plugin.contentLoaded,
    broke('the docs plugin has no loadContent/contentLoaded', WRAPPER, SECTION),
  );
  const content = await plugin.loadContent();

  const globalData: unknown[] = [];
  const routes: unknown[] = [];
  const actions = {
    addRoute: (route: unknown) => routes.push(route),
    createData: async (name: string) => path.join(siteDir, '.docusaurus', name),
    setGlobalData: (data: unknown) => globalData.push(data),
  } as unknown as PluginContentLoadedActions;
  await plugin.contentLoaded({ content, actions });

  assert.equal(
    globalData.length,
    1,
    broke('contentLoaded no longer calls actions.setGlobalData once', WRAPPER, SECTION),
  );
  const data = globalData[0] as Record<string, unknown>;
  assert.ok(
    SECRETS.every((secret) => !JSON.stringify(data).includes(secret)),
    broke(
      `on-prem text reaches the global data (every visitor's main bundle): ${JSON.stringify(data)}`,
      WRAPPER,
      SECTION,
    ),
  );

  // The version props every docs page loads carry no description; the category page's own props
  // carry its cards' descriptions, cut.
  type Route = { path?: string; props?: Record<string, unknown>; routes?: Route[] };
  const flat = (list: Route[]): Route[] => list.flatMap((route) => [route, ...flat(route.routes ?? [])]);
  const all = flat(routes as Route[]);
  const version = all.find((route) => route.props?.version)?.props?.version;
  const category = all.find((route) => route.props?.categoryGeneratedIndex);
  const cards = Object.values((category?.props?.[CARD_DESCRIPTIONS_PROP] ?? {}) as Record<string, string>);
  assert.ok(
    version &&
      !JSON.stringify(version).includes('A description of the page') &&
      cards.length === 1 &&
      cards[0]?.startsWith('A description of the page that goes on and on') &&
      !cards[0]?.includes('and ends here.'),
    broke(
      `the routes given to addRoute no longer have a version route with props.version (its doc map emptied) and category index routes (props.categoryGeneratedIndex, given their cards' descriptions, cut): ${JSON.stringify(category?.props)}`,
      'site/plugins/access/docs-instance/card-descriptions.ts',
      SECTION,
    ),
  );

  const keys = (value: unknown) => Object.keys(value as object).sort();
  const problems: string[] = [];
  const expectKeys = (where: string, value: unknown, known: string[]) => {
    const extra = keys(value).filter((key) => !known.includes(key));
    if (extra.length > 0) problems.push(`${where} has new keys ${extra.join(', ')}`);
  };
  expectKeys('instance', data, KNOWN_KEYS.instance);
  for (const version of data.versions as Record<string, unknown>[]) {
    expectKeys('version', version, KNOWN_KEYS.version);
    // The doc list is emptied (the navbar reads the matched route instead): every visitor's main
    // bundle carried every doc's path.
    if ((version.docs as unknown[]).length > 0) problems.push('the doc list is not emptied');
    for (const [id, sidebar] of Object.entries(version.sidebars as Record<string, { link?: object }>)) {
      expectKeys('sidebar', sidebar, KNOWN_KEYS.sidebar);
      if (sidebar.link) {
        expectKeys('sidebar link', sidebar.link, KNOWN_KEYS.link);
        if ((sidebar.link as { label: string }).label !== id)
          problems.push('a sidebar label is not replaced by its id');
      }
    }
  }
  assert.deepEqual(
    problems,
    [],
    broke('the docs plugin global data changed shape; check that no new field carries on-prem text', WRAPPER, SECTION),
  );
});

test("UPGRADE docs version props: the theme reads a doc's entry of the version's doc map only in DocCard, only its description, and a card's own description first", () => {
  // card-descriptions.ts leaves the doc map of the props every docs page loads empty; our DocCard
  // wrapper gives a link card its description and no docId. A new reader of the doc map (another
  // field, another component) would get nothing, and DocCard preferring the doc map would throw.
  const themeDir = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));
  const readers = readdirSync(path.join(themeDir, 'lib/theme'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => /useDocById|useDocsVersion\(\)\.docs/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(path.join(themeDir, 'lib/theme'), file));
  assert.deepEqual(
    readers,
    ['DocCard/index.js'],
    broke(
      `the doc map of the version props has other readers: ${readers.join(', ')}`,
      'site/plugins/access/docs-instance/card-descriptions.ts',
      SECTION,
    ),
  );
  const docCard = readFileSync(path.join(themeDir, 'lib/theme/DocCard/index.js'), 'utf8');
  const fields = [...new Set([...docCard.matchAll(/\bdoc\??\.(\w+)/g)].map((m) => m[1]))];
  assert.match(
    docCard,
    /item\.description \?\? doc\?\.description/,
    broke("DocCard no longer shows a link card's own description first", 'site/src/theme/DocCard/index.tsx', SECTION),
  );
  assert.deepEqual(
    fields,
    ['description'],
    broke(
      `DocCard reads ${fields.join(', ')} of a doc`,
      'site/plugins/access/docs-instance/card-descriptions.ts',
      SECTION,
    ),
  );
});

test("UPGRADE docs version props: the theme reads a sidebar link's docId only as a yes/no (and in DocCard), and unlisted only negated", () => {
  // lean-sidebars.ts replaces each doc link's docId with DOC_LINK and drops unlisted: false.
  const dirs = [
    '@docusaurus/theme-classic/lib',
    '@docusaurus/theme-common/lib',
    '@docusaurus/plugin-content-docs/lib/client',
  ];
  const uses = (pattern: RegExp) =>
    dirs.flatMap((dir) => {
      // Some of these packages do not export their package.json: the root is where the entry sits.
      const name = dir.split('/').slice(0, 2).join('/');
      const entry = require.resolve(name);
      const root = entry.slice(
        0,
        entry.lastIndexOf(`${path.sep}${name.replace('/', path.sep)}${path.sep}`) + name.length + 1,
      );
      const base = path.join(root, dir.split('/').slice(2).join('/'));
      return readdirSync(base, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
        .flatMap((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => `${path.relative(base, file)}: ${m[0]}`);
        });
    });
  assert.deepEqual(
    uses(/\bitem\.docId\b[^\n]{0,12}/g),
    ['theme/DocCard/index.js: item.docId ?? undefine', 'docsUtils.js: item.docId &&'],
    broke(
      "the theme reads sidebar links' docId otherwise",
      'site/plugins/access/docs-instance/lean-sidebars.ts',
      SECTION,
    ),
  );
  assert.deepEqual(
    uses(/.{0,1}\bitem\.unlisted\b/g),
    ['docsUtils.js: !item.unlisted', 'docsUtils.js: !item.unlisted'],
    broke(
      "the theme reads sidebar links' unlisted otherwise",
      'site/plugins/access/docs-instance/lean-sidebars.ts',
      SECTION,
    ),
  );
});

test("UPGRADE docs version props: the theme reads the version's sidebars only in useDocRootMetadata, by the matched doc route's `sidebar`", () => {
  // sidebar-groups.ts leaves docsSidebars empty and our DocVersionRoot wrapper puts the current
  // page's group there under the route's sidebar name: another reader would see no sidebar at all.
  const clientCode = [
    '@docusaurus/theme-classic/lib',
    '@docusaurus/theme-common/lib',
    '@docusaurus/plugin-content-docs/lib/client',
  ];
  const readers = clientCode.flatMap((dir) => {
    const name = dir.split('/').slice(0, 2).join('/');
    const entry = require.resolve(name);
    const lib = path.join(
      entry.slice(0, entry.lastIndexOf(`${path.sep}lib${path.sep}`)),
      dir.split('/').slice(2).join('/'),
    );
    return readdirSync(lib, { recursive: true, withFileTypes: true })
      .filter((file) => file.isFile() && file.name.endsWith('.js'))
      .flatMap((file) => {
        const source = readFileSync(path.join(file.parentPath, file.name), 'utf8');
        return [...source.matchAll(/[^\s(]*\.docsSidebars\b[^\n]{0,20}/g)].map((m) => `${file.name}: ${m[0]}`);
      });
  });
  assert.deepEqual(
    readers,
    ['docsUtils.js: versionMetadata.docsSidebars[sidebarName]'],
    broke(
      `the version's sidebars are read elsewhere: ${readers.join(', ')}`,
      'site/plugins/access/docs-instance/sidebar-groups.ts, site/plugins/access/docs-instance/theme/DocVersionRoot',
      SECTION,
    ),
  );
  const docsUtils = readFileSync(
    path.join(path.dirname(require.resolve('@docusaurus/plugin-content-docs/client')), 'docsUtils.js'),
    'utf8',
  );
  assert.match(
    docsUtils,
    // The first doc route that matches (looked up by path: patches/react-router-config's index).
    /const currentDocRoute = matchRoutes\(docRoutes, location\.pathname\)\[0\]\?\.route;\s+[\s\S]{0,200}const sidebarName = currentDocRoute\.sidebar;/,
    broke(
      "useDocRootMetadata no longer finds the sidebar by the matched doc route's `sidebar` attribute",
      'site/plugins/access/docs-instance/theme/DocVersionRoot',
      SECTION,
    ),
  );
});
