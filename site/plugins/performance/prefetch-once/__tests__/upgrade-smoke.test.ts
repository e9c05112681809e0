import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir } from '../../../../__tests__/upgrade-smoke';
import { UPSTREAM_PREFETCH } from '../index';

const SECTION = 'Prefetch each chunk once';
const PLUGIN = 'site/plugins/performance/prefetch-once/client/prefetch.ts';
const client = path.join(packageDir('@docusaurus/core'), 'lib/client');
/** @docusaurus/core 3.10.2's lib/client/prefetch.js, which client/prefetch.ts reproduces. */
const WRITTEN_FROM = '7543271549a9882a308f0fad8155631ab98c0389a75a88946f3be11c8933089c';

test('UPGRADE prefetch each chunk once: core prefetches through lib/client/prefetch.js, unchanged since the replacement was written', () => {
  const file = path.join(client, 'prefetch.js');
  assert.match(
    file,
    UPSTREAM_PREFETCH,
    broke('the file path no longer matches', 'site/plugins/performance/prefetch-once/index.ts', SECTION),
  );
  const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
  assert.equal(
    sha,
    WRITTEN_FROM,
    broke(`${file} changed: carry its changes over, then update WRITTEN_FROM`, PLUGIN, SECTION),
  );
  // docusaurus.prefetch hands each chunk URL to that helper: the one caller the replacement serves.
  const docusaurus = readFileSync(path.join(client, 'docusaurus.js'), 'utf8');
  assert.match(
    docusaurus,
    /import prefetchHelper from '\.\/prefetch';[\s\S]*return prefetchHelper\(chunkAsset\);/,
    broke('docusaurus.js no longer prefetches each chunk through ./prefetch', PLUGIN, SECTION),
  );
});
