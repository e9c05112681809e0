import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir, siteDir } from '../../../../__tests__/upgrade-smoke';
import { parseRouteTree } from '../../../access/manifest/route-tree';
import { SECTIONS_DIR, SECTIONS_FILE, UPSTREAM } from '../index';
import { splitRoutes } from '../split';
import { recombined, sorted } from './read-split';

const SECTION = 'route table per section';
const PLUGIN = 'site/plugins/performance/route-sections';
const generated = path.join(siteDir, '.docusaurus');
const client = path.join(packageDir('@docusaurus/core'), 'lib/client');
const coreFile = (file: string) => readFileSync(path.join(client, file), 'utf8');

test("UPGRADE route table per section: the real build's table splits into a shell and sections that add up to it", () => {
  assert.ok(existsSync(path.join(generated, 'routes.js')), 'No .docusaurus/routes.js: build the site first.');
  const input = {
    routesJs: readFileSync(path.join(generated, 'routes.js'), 'utf8'),
    registryJs: readFileSync(path.join(generated, 'registry.js'), 'utf8'),
    routesChunkNames: JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')),
    baseUrl: '/',
  };
  let split: ReturnType<typeof splitRoutes>;
  try {
    split = splitRoutes(input);
  } catch (error) {
    assert.fail(broke(`the generated route table no longer splits: ${error}`, `${PLUGIN}/split.ts`, SECTION));
  }
  assert.deepEqual(
    recombined(split),
    sorted(parseRouteTree(input.routesJs)),
    broke('shell and sections no longer add up to the route tree', `${PLUGIN}/split.ts`, SECTION),
  );
  assert.ok(split.sections.length >= 4, 'the docs have several sections');
  // The build used this split: its sections file lists the same chunks, and each is an asset.
  const written = JSON.parse(readFileSync(path.join(generated, SECTIONS_DIR, SECTIONS_FILE), 'utf8'));
  assert.deepEqual(Object.keys(written).sort(), split.sections.map((s) => s.chunkName).sort());
  const assets = readdirSync(path.join(siteDir, 'build/assets/js'));
  for (const section of split.sections) {
    assert.ok(
      assets.some((file) => new RegExp(`^${section.chunkName.replaceAll('.', '\\.')}\\.[0-9a-f]+\\.js$`).test(file)),
      broke(`no ${section.chunkName} chunk in the build: the module replacements no longer apply`, PLUGIN, SECTION),
    );
  }
});

test('UPGRADE route table per section: the replaced modules are where the plugin looks, and only known modules read the table', () => {
  for (const [name, pattern] of Object.entries(UPSTREAM)) {
    const file =
      name === 'preload'
        ? path.join(client, 'preload.js')
        : path.join(generated, name === 'routesChunkNames' ? 'routesChunkNames.json' : `${name}.js`);
    assert.ok(existsSync(file), broke(`${file} is gone`, `${PLUGIN}/index.ts`, SECTION));
    assert.match(
      file,
      pattern,
      broke(`${name}'s path no longer matches the replacement`, `${PLUGIN}/index.ts`, SECTION),
    );
  }
  // client/preload.ts is the original after ensureRoutes: the original must still be this.
  const original = coreFile('preload.js')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
  assert.equal(
    original,
    "import routes from '@generated/routes'; import { matchRoutes } from 'react-router-config'; export default function preload(pathname) { const matches = Array.from(new Set([pathname, decodeURI(pathname)])) .map((p) => matchRoutes(routes, p)) .flat(); return Promise.all(matches.map((match) => match.route.component.preload?.())); }",
    broke('core preload.js changed: bring client/preload.ts in line', `${PLUGIN}/client/preload.ts`, SECTION),
  );
  // access-guard.ts skips the section's table for a prefetch under the same rule as core.
  assert.match(
    coreFile('docusaurus.js'),
    /const isSlowConnection = \(\) => navigator\.connection\?\.effectiveType\.includes\('2g'\) \|\|\s*navigator\.connection\?\.saveData;/,
    broke('core prefetch changed its slow-connection rule', 'site/src/client-modules/access-guard.ts', SECTION),
  );
  for (const file of ['clientEntry.js', 'PendingNavigation.js', 'docusaurus.js']) {
    assert.match(
      coreFile(file),
      /from '\.\/preload'/,
      broke(`${file} no longer loads routes through preload`, PLUGIN, SECTION),
    );
  }
  // Readers of the route table that match paths, other than preload: each must only ever match
  // after preload ran for the path (App renders after it; access-guard.ts prefetches only paths
  // whose section is loaded; normalizeLocation only strips .html; useHomePageRoute finds the home
  // page, kept in the shell).
  const readers = [
    ['core', 'lib/client/App.js'],
    ['core', 'lib/client/docusaurus.js'],
    ['core', 'lib/client/normalizeLocation.js'],
    ['core', 'lib/client/preload.js'],
    ['core', 'lib/client/exports/ComponentCreator.js'],
    ['theme-common', 'lib/utils/routesUtils.js'],
  ];
  const seen: string[] = [];
  for (const pkg of ['core', 'theme-common', 'theme-classic', 'plugin-content-docs']) {
    const dir = path.join(packageDir(`@docusaurus/${pkg}`), 'lib');
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (!/@generated\/(routes|registry|routesChunkNames)['"]/.test(readFileSync(file, 'utf8'))) continue;
      const relative = path
        .relative(packageDir(`@docusaurus/${pkg}`), file)
        .split(path.sep)
        .join('/');
      seen.push(`${pkg}/${relative}`);
      assert.ok(
        readers.some(([p, f]) => p === pkg && f === relative),
        broke(
          `@docusaurus/${pkg}/${relative} reads the route table: check it matches only after preload`,
          PLUGIN,
          SECTION,
        ),
      );
    }
  }
  assert.deepEqual(
    seen.sort(),
    readers.map(([p, f]) => `${p}/${f}`).sort(),
    'every known reader still reads the table',
  );
});
