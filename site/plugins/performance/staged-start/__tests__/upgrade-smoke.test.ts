import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageFile, siteDir } from '../../../../__tests__/upgrade-smoke';

const SECTION = 'Staged start';
const PLUGIN = 'site/plugins/performance/staged-start/';

test('UPGRADE staged start: core builds the client from clientEntry.js as one string entry, and the staged entry ends with it', () => {
  // The plugin replaces core's string entry; an object or array entry would be merged with it instead.
  assert.match(
    packageFile('@docusaurus/core', 'lib/webpack/client.js'),
    /entry: path_1\.default\.resolve\(__dirname, '\.\.\/client\/clientEntry\.js'\),/,
    broke("core's client config no longer sets `entry` to client/clientEntry.js", PLUGIN, SECTION),
  );
  // clientEntry still starts the app from its body (preload, then hydrate), so it must come last.
  const entry = packageFile('@docusaurus/core', 'lib/client/clientEntry.js');
  assert.match(
    entry,
    /preload\(window\.location\.pathname\)\.then\(\(\) => \{\s*startTransition\(renderApp\);/,
    broke('clientEntry.js no longer preloads and hydrates from its body', PLUGIN, SECTION),
  );
  // What the staged entry evaluates ahead must be what clientEntry imports, or it is work for nothing.
  const staged = readFileSync(path.join(siteDir, 'plugins/performance/staged-start/client/entry.ts'), 'utf8');
  const ahead = [...staged.matchAll(/import\(\/\* webpackMode: "eager" \*\/ '([^']+)'\)/g)].map((m) => m[1] ?? '');
  assert.equal(
    ahead.at(-1),
    '@docusaurus/core/lib/client/clientEntry',
    'the staged entry must import clientEntry last',
  );
  const app = packageFile('@docusaurus/core', 'lib/client/App.js');
  for (const specifier of ahead.slice(0, -1)) {
    const local = specifier.replace('@docusaurus/core/lib/client/', './');
    const imported = entry.includes(`from '${specifier}'`) || entry.includes(`from '${local}'`);
    const importedByApp = app.includes(`'${specifier}'`);
    assert.ok(
      imported || importedByApp,
      broke(`clientEntry.js and App.js no longer import ${specifier}`, PLUGIN, SECTION),
    );
  }
});

test('UPGRADE staged start: the base-URL banner still tests window.docusaurus at DOMContentLoaded, which the staged entry defines at once', () => {
  // The start now ends after DOMContentLoaded; the entry's placeholder keeps the banner away.
  assert.match(
    packageFile('@docusaurus/core', 'lib/client/BaseUrlIssueBanner/index.js'),
    /addEventListener\('DOMContentLoaded', function maybeInsertBanner\(\) \{\s*var shouldInsert = typeof window\['docusaurus'\] === 'undefined';/,
    broke("core's base-URL banner no longer decides by window.docusaurus at DOMContentLoaded", PLUGIN, SECTION),
  );
  const staged = readFileSync(path.join(siteDir, 'plugins/performance/staged-start/client/entry.ts'), 'utf8');
  const body = staged.slice(staged.indexOf('async function start'));
  assert.ok(
    body.indexOf('.docusaurus ??= starting') < body.indexOf('await'),
    'the staged entry must define window.docusaurus before its first yield',
  );
});
