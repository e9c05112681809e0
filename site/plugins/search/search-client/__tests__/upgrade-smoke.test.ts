import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { LoadContext } from '@docusaurus/types';
import { broke, packageFile, siteDir } from '../../../../__tests__/upgrade-smoke';
import searchClientPlugin, { upstreamLiteBuilds } from '../index';

const SECTION = 'algoliasearch/lite alias';
const PLUGIN = 'site/plugins/search/search-client/index.ts and site/src/search/lite-client.ts';

type Aliases = Record<string, string>;

test('UPGRADE algoliasearch/lite alias: the /search/ page still builds its client from algoliasearch/lite, which the alias replaces', async () => {
  // The theme's search page: one `liteClient` from exactly 'algoliasearch/lite', called with (appId, apiKey).
  const page = packageFile('@docusaurus/theme-search-algolia', 'lib/theme/SearchPage/index.js');
  const imports = [...page.matchAll(/^import .* from '([^']*algoliasearch[^']*)';$/gm)].map((match) => match[0]);
  assert.ok(
    imports.includes("import {liteClient} from 'algoliasearch/lite';"),
    broke(
      `the theme's SearchPage imports ${JSON.stringify(imports)}, not {liteClient} from 'algoliasearch/lite'`,
      PLUGIN,
      SECTION,
    ),
  );
  assert.match(
    page,
    /\bliteClient\(appId, apiKey\)/,
    broke("the theme's SearchPage no longer calls liteClient(appId, apiKey)", PLUGIN, SECTION),
  );

  // The real module's builds, where the plugin expects them (it throws otherwise, at build time).
  let builds: { server: string; browser: string };
  try {
    builds = upstreamLiteBuilds();
  } catch (error) {
    assert.fail(broke(String(error), PLUGIN, SECTION));
  }
  const browserBuild = readFileSync(builds.browser, 'utf8');
  assert.match(
    browserBuild,
    /function liteClient\(/,
    broke(`${builds.browser} defines no liteClient`, PLUGIN, SECTION),
  );

  // The aliases the plugin gives each bundle.
  const plugin = searchClientPlugin({ siteDir } as LoadContext);
  const configure = plugin.configureWebpack;
  assert.ok(configure, broke('the search-client plugin lost its configureWebpack', PLUGIN, SECTION));
  const aliasesOf = (isServer: boolean) =>
    (configure({} as never, isServer, {} as never, undefined) as { resolve: { alias: Aliases } }).resolve.alias;
  const client = aliasesOf(false);
  const server = aliasesOf(true);
  assert.equal(client['@tala/algoliasearch-lite-upstream'], builds.browser);
  assert.equal(server['@tala/algoliasearch-lite-upstream'], builds.server);
  assert.equal(server['algoliasearch/lite'], undefined, 'the server bundle keeps the real module');
  const replacement = client['algoliasearch/lite'] ?? '';
  assert.ok(
    existsSync(replacement),
    broke(`the browser alias points at ${replacement}, which does not exist`, PLUGIN, SECTION),
  );
  assert.equal(path.relative(siteDir, replacement), path.join('src', 'search', 'lite-client.ts'));
});
