import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageFile, siteDir } from '../../../../__tests__/upgrade-smoke';

const SECTION = 'theme-common/internal';
const WRAPPER = 'site/src/theme/AnnouncementBar/index.tsx';

/**
 * Every name the site imports from `@docusaurus/theme-common/internal` (private, no semver promise),
 * with the file that imports it. A new one belongs here and in docs/upgrading.md.
 */
const REGISTERED = ['useAnnouncementBar in src/theme/AnnouncementBar/index.tsx'];

test('UPGRADE theme-common/internal: the internal names the site imports still exist and mean the same', () => {
  const imports: string[] = [];
  for (const dir of ['src', 'plugins', 'config']) {
    for (const entry of readdirSync(path.join(siteDir, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|js|jsx)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@docusaurus\/theme-common\/internal'/g)) {
        for (const name of (match[1] ?? '')
          .split(',')
          .map((s) => s.trim().replace(/^type\s+/, ''))
          .filter(Boolean)) {
          imports.push(`${name} in ${path.relative(siteDir, file).split(path.sep).join('/')}`);
        }
      }
    }
  }
  assert.deepEqual(
    imports.sort(),
    REGISTERED,
    broke(
      'the site imports other names from @docusaurus/theme-common/internal than the ones registered',
      'REGISTERED in this test',
      SECTION,
    ),
  );

  const internal = packageFile('@docusaurus/theme-common', 'lib/internal.js');
  assert.match(
    internal,
    /export \{[^}]*\buseAnnouncementBar\b[^}]*\} from '\.\/contexts\/announcementBar';/,
    broke('@docusaurus/theme-common/internal no longer exports useAnnouncementBar', WRAPPER, SECTION),
  );
  assert.match(
    packageFile('@docusaurus/theme-common', 'lib/contexts/announcementBar.d.ts'),
    /readonly isActive: boolean;/,
    broke('useAnnouncementBar() no longer returns isActive', WRAPPER, SECTION),
  );

  // The bug the wrapper works around: the inline script hides the bar when any announcement was
  // dismissed, through this attribute, without looking at the announcement's id.
  const inline = packageFile('@docusaurus/theme-classic', 'lib/inlineScripts.js');
  assert.match(
    inline,
    /AnnouncementBarDismissDataAttribute = 'data-announcement-bar-initially-dismissed'/,
    broke("theme-classic's inline script no longer sets data-announcement-bar-initially-dismissed", WRAPPER, SECTION),
  );
  assert.doesNotMatch(
    inline,
    /announcement\.id/,
    broke(
      "theme-classic's inline script now reads the announcement id: upstream may have fixed the bug, and the wrapper may go",
      WRAPPER,
      SECTION,
    ),
  );
});
