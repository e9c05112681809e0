import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AllContent } from '@docusaurus/types';
import type { MarkdownPage } from '../index';
import { llmsFiles, sidebarSections } from '../llms-txt';

/** Loaded docs content as the docs plugin hands it to allContentLoaded (two instances). */
const ALL_CONTENT = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [
        {
          docs: [
            { id: 'index', permalink: '/' },
            { id: 'studio/build', permalink: '/studio/build' },
            { id: 'studio/flows', permalink: '/studio/flows' },
            { id: 'reference/tql', permalink: '/reference/tql/' },
          ],
          sidebars: {
            docs: [
              { type: 'doc', id: 'index' },
              {
                type: 'category',
                label: 'Tala Studio',
                link: { type: 'generated-index', permalink: '/category/studio/' },
                items: [
                  {
                    type: 'category',
                    label: 'Build',
                    link: { type: 'doc', id: 'studio/build' },
                    items: [{ type: 'doc', id: 'studio/flows' }],
                  },
                ],
              },
              { type: 'category', label: 'Reference', items: [{ type: 'doc', id: 'reference/tql' }] },
            ],
          },
        },
      ],
    },
    'on-prem': {
      loadedVersions: [
        {
          docs: [{ id: 'overview', permalink: '/on-prem/overview' }],
          sidebars: {
            onprem: [
              {
                type: 'category',
                label: 'On-premises',
                items: [{ type: 'category', label: 'Manager', items: [{ type: 'doc', id: 'overview' }] }],
              },
            ],
          },
        },
      ],
    },
  },
} as unknown as AllContent;

const page = (route: string, title: string, description = ''): [string, MarkdownPage] => [
  route,
  { route, title, description, markdown: `# ${title}\n\n${title} body\n` },
];
const PAGES = new Map([
  page('/', 'Tala documentation', 'Start here.'),
  page('/studio/build/', 'Build a solution', 'Flows,\n triggers.'),
  page('/studio/flows/', 'Flows'),
  page('/reference/tql/', 'TQL [manual]'),
  page('/on-prem/overview/', 'Manager overview', 'Install Tala Manager.'),
  page('/orphan/', 'Not in a sidebar'),
]);

test('sections follow the sidebars: top-level categories in order, their pages depth-first; loose docs first', () => {
  assert.deepEqual(sidebarSections(ALL_CONTENT), [
    { title: 'Start here', routes: ['/'] },
    { title: 'Tala Studio', routes: ['/studio/build/', '/studio/flows/'] },
    { title: 'Reference', routes: ['/reference/tql/'] },
    { title: 'Manager', routes: ['/on-prem/overview/'] },
  ]);
});

const files = (level: 'reader' | 'onprem') =>
  llmsFiles({
    siteTitle: 'Tala Docs',
    summary: 'The docs.',
    siteUrl: 'https://docs.example.com',
    level,
    sections: sidebarSections(ALL_CONTENT),
    pages: PAGES,
  });

test('llms.txt for a reader: llmstxt.org shape, Markdown URLs and descriptions, no on-prem page', () => {
  const { index, full, routes } = files('reader');
  assert.match(index, /^# Tala Docs\n\n> The docs\.\n\n/);
  assert.match(
    index,
    /## Tala Studio\n\n- \[Build a solution\]\(https:\/\/docs\.example\.com\/studio\/build\/index\.md\): Flows, triggers\.\n- \[Flows\]\(https:\/\/docs\.example\.com\/studio\/flows\/index\.md\)\n/,
  );
  assert.match(index, /- \[TQL manual\]\(https:\/\/docs\.example\.com\/reference\/tql\/index\.md\)/);
  assert.match(index, /## Other pages\n\n- \[Not in a sidebar\]/);
  assert.doesNotMatch(`${index}${full}`, /Manager|on-prem/);
  assert.deepEqual(routes, ['/', '/studio/build/', '/studio/flows/', '/reference/tql/', '/orphan/']);
  assert.match(full, /# Build a solution\n\nBuild a solution body\n\n---\n\n# Flows/);
});

test('llms.txt for an on-prem reader adds the on-prem sections and pages', () => {
  const { index, full } = files('onprem');
  assert.match(
    index,
    /## Manager\n\n- \[Manager overview\]\(https:\/\/docs\.example\.com\/on-prem\/overview\/index\.md\): Install Tala Manager\./,
  );
  assert.match(full, /Manager overview body/);
});
