import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { broke, packageDir } from '../../../../__tests__/upgrade-smoke';
import { UPSTREAM_EMOJI_UTILS } from '../index';

const SECTION = 'theme-common emoji utils';
const upstreamFile = path.join(packageDir('@docusaurus/theme-common'), 'lib/utils/emojiUtils.js');

test('UPGRADE theme-common emoji utils: the module we replace is where the plugin looks and exports only extractLeadingEmoji', async () => {
  assert.match(
    upstreamFile,
    UPSTREAM_EMOJI_UTILS,
    broke('the file path no longer matches', 'site/plugins/performance/emoji-labels/index.ts', SECTION),
  );
  const upstream = (await import(pathToFileURL(upstreamFile).href)) as Record<string, unknown>;
  assert.deepEqual(
    Object.keys(upstream).sort(),
    ['extractLeadingEmoji'],
    broke(`${upstreamFile} exports changed`, 'site/plugins/performance/emoji-labels/client/emoji-utils.ts', SECTION),
  );
  assert.match(
    readFileSync(path.join(packageDir('@docusaurus/theme-classic'), 'lib/theme/DocCard/index.js'), 'utf8'),
    /extractLeadingEmoji/,
    broke(
      'DocCard no longer calls extractLeadingEmoji: the replacement may be unneeded',
      'site/plugins/performance/emoji-labels',
      SECTION,
    ),
  );
});
