import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadContext } from '@docusaurus/core/lib/server/site.js';
import pluginSitemap, { validateOptions } from '@docusaurus/plugin-sitemap';
import type { RouteConfig } from '@docusaurus/types';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { broke } from '../../../__tests__/upgrade-smoke';
import { sitemapOptions } from '../../../config/sitemap';

const SECTION = 'Sitemap plugin driven by hand';
const DRIVER = 'site/plugins/post-build/steps/sitemap.ts';

const siteDir = mkdtempSync(path.join(os.tmpdir(), 'tala-upgrade-smoke-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));

test('UPGRADE sitemap plugin: it still works when only its postBuild is called, as the post-build pipeline does', async () => {
  writeFileSync(
    path.join(siteDir, 'docusaurus.config.js'),
    "module.exports = { title: 'Smoke', url: 'https://docs.example.com', baseUrl: '/', trailingSlash: true };\n",
  );
  const context = await loadContext({ siteDir });

  // As the pipeline's sitemap step does it.
  type Validate = Parameters<typeof validateOptions>[0]['validate'];
  const options = validateOptions({ validate: normalizePluginOptions as Validate, options: sitemapOptions });
  const plugin = pluginSitemap(context, options);
  assert.ok(plugin, broke('pluginSitemap returned no plugin', DRIVER, SECTION));
  assert.deepEqual(
    Object.keys(plugin).sort(),
    ['name', 'postBuild'],
    broke('the sitemap plugin has hooks besides postBuild, which the post-build pipeline never calls', DRIVER, SECTION),
  );

  const route = (routePath: string): RouteConfig => ({ path: routePath, component: '@theme/DocItem', exact: true });
  const routes = ['/studio/flows/', '/on-prem/install/', '/Login/', '/403/', '/search/'].map(route);
  const outDir = path.join(siteDir, 'build');
  type PostBuildProps = Parameters<NonNullable<typeof plugin.postBuild>>[0];
  const props = {
    ...context,
    outDir,
    routes,
    routesPaths: routes.map((r) => r.path),
    routesBuildMetadata: {},
    head: {},
  };
  await plugin.postBuild?.({ ...(props as unknown as PostBuildProps), content: undefined });

  const file = path.join(outDir, options.filename);
  assert.ok(existsSync(file), broke(`postBuild wrote no ${options.filename} into outDir`, DRIVER, SECTION));
  const locs = [...readFileSync(file, 'utf8').matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  assert.deepEqual(
    locs,
    ['https://docs.example.com/studio/flows/'],
    broke(
      'the sitemap lists other URLs than the reader page (ignorePatterns no longer applied?)',
      'site/config/sitemap.ts',
      SECTION,
    ),
  );
});
