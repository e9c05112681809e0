import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, siteDir } from '../../../../__tests__/upgrade-smoke';
import { pageRoutes, parseRouteTree, type RouteNode } from '../route-tree';

const SECTION = 'routes.js parsed with Babel';
const PARSER = 'site/plugins/access/manifest/route-tree.ts';
const generated = path.join(siteDir, '.docusaurus');

test('UPGRADE routes.js: the route tree Docusaurus generates still parses into layouts and pages with chunk keys', () => {
  const routesFile = path.join(generated, 'routes.js');
  assert.ok(existsSync(routesFile), `No ${routesFile}: build the site first (npm run build; npm test does it).`);
  const source = readFileSync(routesFile, 'utf8');
  assert.match(
    source,
    /^import ComponentCreator from '@docusaurus\/ComponentCreator';$/m,
    broke('routes.js no longer builds its routes with ComponentCreator', PARSER, SECTION),
  );

  let tree: RouteNode[];
  try {
    tree = parseRouteTree(source);
  } catch (error) {
    assert.fail(broke(`routes.js no longer parses as expected: ${error}`, PARSER, SECTION));
  }
  // Every ComponentCreator call is a node of the tree (a renamed `routes` key would drop children).
  const count = (nodes: RouteNode[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.routes), 0);
  assert.equal(
    count(tree),
    source.match(/ComponentCreator\(/g)?.length,
    broke('the parsed tree misses routes that routes.js declares', PARSER, SECTION),
  );
  const fallback = tree.filter((node) => node.path === '*');
  assert.deepEqual(
    fallback.map((node) => node.hash),
    [null],
    broke('the fallback route `*` changed (it had no hash)', PARSER, SECTION),
  );

  // Pages carry the keys of their layouts; every key names an entry of routesChunkNames.json.
  const chunkNames = JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const pages = pageRoutes(tree);
  const missing = pages.flatMap((page) => page.chunkKeys.filter((key) => !(key in chunkNames)));
  assert.deepEqual(
    missing.slice(0, 5),
    [],
    broke('route keys (path-hash) from routes.js are not keys of routesChunkNames.json', PARSER, SECTION),
  );
  const onPremPage = pages.find((page) => page.path.startsWith('/on-prem/') && page.path !== '/on-prem/');
  assert.ok(onPremPage, broke('no on-prem page in the route tree', PARSER, SECTION));
  assert.ok(
    onPremPage.chunkKeys.length >= 3,
    broke(
      `docs pages are no longer nested in layout routes (${onPremPage.path}: ${onPremPage.chunkKeys.join(', ')})`,
      PARSER,
      SECTION,
    ),
  );
  // The route registry the access manifest recognises as the importer of every route.
  assert.ok(
    existsSync(path.join(generated, 'registry.js')),
    broke(
      '.docusaurus/registry.js is gone',
      'site/plugins/access/manifest/chunk-graph.ts (routeRegistryMatcher)',
      SECTION,
    ),
  );
});
