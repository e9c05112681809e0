import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadContext } from '@docusaurus/core/lib/server/site.js';
import type { PluginContentLoadedActions, RouteConfig } from '@docusaurus/types';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { matchPath } from 'react-router';
import { broke } from '../../../../__tests__/upgrade-smoke';
import docsInstance, { validateOptions } from '../../../access/docs-instance/index';
import { MAX_GROUP_PAGES } from '../groups';

const SECTION = 'Docs version props per section';
const WRAPPER = 'site/plugins/performance/section-versions/index.ts';

const siteDir = mkdtempSync(path.join(os.tmpdir(), 'tala-section-versions-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
  writeFileSync(path.join(siteDir, file), text);
};

/** A version route's props, as the module the split gives it. */
const versionOf = (route: RouteConfig) => readFileSync(route.modules?.version as string, 'utf8');

/** The DocVersionRoot a path renders under: React Router enters the first parent whose path matches. */
function versionRootOf(docsRoot: RouteConfig, pathname: string): RouteConfig | undefined {
  return docsRoot.routes?.find((route) => matchPath(pathname, { path: route.path, exact: route.exact }));
}

test('UPGRADE docs version props: the real docs plugin still nests DocsRoot → DocVersionRoot → DocRoot → pages, and the split gives each group its own props, matched by path', async () => {
  write(
    'docusaurus.config.js',
    "module.exports = { title: 'Smoke', url: 'http://localhost', baseUrl: '/', trailingSlash: true };\n",
  );
  write('docs/index.md', '---\nslug: /\ntitle: Home\n---\n\nHome.\n');
  const category = (dir: string, label: string) =>
    write(
      `docs/${dir}/_category_.yml`,
      `label: ${label}\nlink:\n  type: generated-index\n  slug: /category/${label.toLowerCase()}/\n`,
    );
  const page = (file: string, description: string, slug?: string) =>
    write(`docs/${file}.md`, `---\n${slug ? `slug: ${slug}\n` : ''}description: ${description}\n---\n\nText.\n`);
  // Alpha holds more than MAX_GROUP_PAGES pages: its own pages are one group, A1 and A2 one each.
  category('alpha', 'Alpha');
  page('alpha/index', 'ALPHA-DESCRIPTION');
  for (const part of ['a1', 'a2']) {
    category(`alpha/${part}`, part.toUpperCase());
    for (let i = 0; i < MAX_GROUP_PAGES / 2 + 2; i++) page(`alpha/${part}/p${i}`, `${part.toUpperCase()}-DESCRIPTION`);
  }
  page('alpha/a1/v1.2', 'A1-DESCRIPTION');
  category('beta', 'Beta');
  page('beta/two', 'BETA-DESCRIPTION');
  // A Beta page under A1's directory: A1's pages are then told apart by longer prefixes.
  page('beta/three', 'BETA-DESCRIPTION', '/alpha/a1/three');

  const context = await loadContext({ siteDir });
  type Validate = Parameters<typeof validateOptions>[0]['validate'];
  const options = validateOptions({ validate: normalizePluginOptions as Validate, options: { routeBasePath: '/' } });
  const plugin = await docsInstance(context, options);
  assert.ok(
    plugin.loadContent && plugin.contentLoaded,
    broke('the docs plugin has no loadContent/contentLoaded', WRAPPER, SECTION),
  );
  const routes: RouteConfig[] = [];
  const actions = {
    addRoute: (route: RouteConfig) => routes.push(route),
    createData: async (name: string, data: unknown) => {
      write(`.docusaurus/${name}`, typeof data === 'string' ? data : JSON.stringify(data));
      return path.join(siteDir, '.docusaurus', name);
    },
    setGlobalData: () => {},
  } as unknown as PluginContentLoadedActions;
  await plugin.contentLoaded({ content: await plugin.loadContent(), actions });

  const docsRoot = routes.find((r) => r.component === options.docsRootComponent);
  assert.ok(
    docsRoot,
    broke('contentLoaded no longer adds a DocsRoot route through actions.addRoute', WRAPPER, SECTION),
  );
  // Every page is a child of exactly one version route.
  const pages = (docsRoot.routes ?? []).flatMap((root) =>
    (root.routes ?? []).filter((r) => r.component === options.docRootComponent).flatMap((r) => r.routes ?? []),
  );
  assert.equal(new Set(pages.map((r) => r.path)).size, pages.length, 'a page is under two version routes');
  assert.equal(pages.length, 1 + 1 + 2 * (MAX_GROUP_PAGES / 2 + 2) + 1 + 2 + 4, 'pages and category index pages');
  const markers = ['ALPHA', 'A1', 'A2', 'BETA'].map((m) => `${m}-DESCRIPTION`);
  for (const [pathname, own] of [
    ['/alpha/', 'ALPHA'],
    ['/category/alpha/', 'ALPHA'],
    ['/alpha/a1/p0/', 'A1'],
    ['/alpha/a1/v1.2/', 'A1'],
    ['/category/a1/', 'A1'],
    ['/alpha/a2/p3/', 'A2'],
    ['/beta/two/', 'BETA'],
    ['/alpha/a1/three/', 'BETA'],
    ['/category/beta/', 'BETA'],
  ] as const) {
    const root = versionRootOf(docsRoot, pathname);
    assert.ok(root, `${pathname} matches no version route`);
    assert.equal(
      root.component,
      options.docVersionRootComponent,
      broke('the version route is not a DocVersionRoot', WRAPPER, SECTION),
    );
    const props = versionOf(root);
    assert.deepEqual(
      markers.filter((marker) => props.includes(marker)),
      [`${own}-DESCRIPTION`],
      `${pathname}: the docs of its own group only`,
    );
    const docRoot = root.routes?.find((r) => r.component === options.docRootComponent);
    // Routes get their trailing slash from Docusaurus's core later (trailingSlash: true).
    const bare = (p: string) => p.replace(/\/$/, '');
    assert.ok(
      docRoot?.routes?.some((r) => bare(r.path) === bare(pathname)),
      `${pathname} is a page of the version route that matches it`,
    );
  }
  // The home page: under the last version route, whose sidebar shows each category as one link.
  const home = versionRootOf(docsRoot, '/');
  assert.equal(home, docsRoot.routes?.at(-1));
  assert.ok(home);
  const { docsSidebars } = JSON.parse(versionOf(home)) as {
    docsSidebars: Record<string, { items?: unknown[]; href: string }[]>;
  };
  assert.deepEqual(
    Object.values(docsSidebars)[0]
      ?.map((item) => [item.href, item.items?.length ?? 0])
      .sort(),
    [
      ['/', 0],
      ['/category/alpha/', 0],
      ['/category/beta/', 0],
    ],
  );
});
