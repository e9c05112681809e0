import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageFile, packageJson, siteDir } from '../../../../__tests__/upgrade-smoke';

const SECTION = 'Forked CodeBlock';
const FORK = 'site/src/theme/CodeBlock/index.tsx';

test('UPGRADE forked CodeBlock: the theme is the version it was forked from, still remounting on hydration, and the site has one colour mode', () => {
  const version = packageJson('@docusaurus/theme-classic').version;
  assert.equal(
    version,
    '3.10.2',
    broke(
      `theme-classic ${version} is installed; CodeBlock was forked from 3.10.2: diff and carry over`,
      FORK,
      SECTION,
    ),
  );
  assert.match(
    packageFile('@docusaurus/theme-classic', 'lib/theme/CodeBlock/index.js'),
    /<CodeBlockComp key=\{String\(isBrowser\)\} \{\.\.\.props\}>/,
    broke('the theme CodeBlock no longer remounts on hydration: the fork may be unneeded', FORK, SECTION),
  );
  // The remount exists for a dark Prism theme: with a colour switch, the fork would keep the wrong one.
  assert.match(
    readFileSync(path.join(siteDir, 'docusaurus.config.ts'), 'utf8'),
    /colorMode:\s*\{\s*defaultMode: 'light',\s*disableSwitch: true,\s*respectPrefersColorScheme: false\s*\}/,
    broke('the site has more than one colour mode: the CodeBlock fork must remount again', FORK, SECTION),
  );
});
