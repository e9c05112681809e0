import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageFile, siteDir } from '../../../../__tests__/upgrade-smoke';

const SECTION = "Each page's chunks in its HTML";
const PLUGIN = 'site/plugins/performance/page-scripts/index.ts';

test("UPGRADE each page's chunks in its HTML: Docusaurus's template still lists deferred scripts, and the built page lists each once", () => {
  assert.match(
    packageFile('@docusaurus/core', 'lib/ssg/ssgTemplate.html.js'),
    /<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>/,
    broke(
      'the SSG template no longer writes `<script src defer>` tags: the main.js tag pattern may miss',
      PLUGIN,
      SECTION,
    ),
  );
  const html = readFileSync(path.join(siteDir, 'build/reference/tala-programming/tql-manual/index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script src="?([^"\s>]+)"?[^>]*>/g)].map((m) => m[1]);
  assert.equal(
    new Set(scripts).size,
    scripts.length,
    broke(
      `a script is listed twice (Docusaurus may list route chunks itself now): ${scripts.join(' ')}`,
      PLUGIN,
      SECTION,
    ),
  );
  assert.ok(
    scripts.some((src) => /\/tala-routes-reference\.[0-9a-f]+\.js$/.test(src ?? '')),
    broke('the TQL manual does not list its route-table module', PLUGIN, SECTION),
  );
});
