import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AllContent } from '@docusaurus/types';
import { onPremContentFolders, pageSourceFiles } from '../content-sources';

/** Loaded content as the docs and pages plugins hand it to allContentLoaded (only what is read). */
const ALL_CONTENT = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [
        {
          path: '/',
          contentPath: '/r/site/docs',
          docs: [
            { permalink: '/studio/build', source: '@site/docs/studio/build.md' },
            { permalink: '/', source: '@site/docs/index.mdx' },
          ],
        },
      ],
    },
    'on-prem': {
      loadedVersions: [
        {
          path: '/on-prem',
          contentPath: '/r/site/on-prem',
          docs: [{ permalink: '/on-prem/overview', source: '@site/on-prem/overview.md' }],
        },
      ],
    },
  },
  'docusaurus-plugin-content-pages': {
    default: [{ permalink: '/search/', source: '@site/src/pages/search.tsx' }],
  },
} as unknown as AllContent;

test('page sources are keyed by route, whether the permalink has its trailing slash or not', () => {
  assert.deepEqual([...pageSourceFiles(ALL_CONTENT, '/r/site')].sort(), [
    ['/', '/r/site/docs/index.mdx'],
    ['/on-prem/overview/', '/r/site/on-prem/overview.md'],
    ['/search/', '/r/site/src/pages/search.tsx'],
    ['/studio/build/', '/r/site/docs/studio/build.md'],
  ]);
});

test('the on-prem content folders are those of the docs versions served under an on-prem route', () => {
  assert.deepEqual(onPremContentFolders(ALL_CONTENT), ['/r/site/on-prem']);
});
