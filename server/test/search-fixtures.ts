import type { AccessLevel } from '@tala/policy';

/** Search records as the site build writes them (site/plugins/search/search-index), a few pages' worth. */
type Fixture = {
  page: string;
  access: AccessLevel;
  lvl0: string;
  lvl1: string;
  lvl2?: string;
  anchor?: string;
  content?: string;
  pageRank?: number;
  tag?: string;
};

const PAGES: Fixture[] = [
  { page: '/studio/build/entities/', access: 'reader', lvl0: 'Tala Studio', lvl1: 'Entities', pageRank: 2 },
  {
    page: '/studio/build/entities/',
    access: 'reader',
    lvl0: 'Tala Studio',
    lvl1: 'Entities',
    lvl2: 'Create an entity',
    anchor: 'create-an-entity',
    content: 'An entity lists the values a solution recognises, such as product names or <b>order</b> numbers.',
    pageRank: 2,
  },
  { page: '/category/entities/', access: 'reader', lvl0: 'Reference', lvl1: 'Entities', pageRank: 0 },
  {
    page: '/studio/deploy/publish-environments/',
    access: 'reader',
    lvl0: 'Tala Studio',
    lvl1: 'Publish environments',
    content: 'A publish environment is where a solution version runs: test, staging or production.',
    pageRank: 2,
  },
  {
    page: '/reference/tala-programming/tql/',
    access: 'reader',
    lvl0: 'Reference',
    lvl1: 'TQL',
    lvl2: 'Language objects in queries',
    anchor: 'language-objects',
    content:
      'TQL queries read the conversation logs of a solution; a query can group results by language object, count sessions and filter by date, channel or publish environment.',
    pageRank: 2,
  },
  {
    page: '/on-prem/manager-guide/',
    access: 'onprem',
    lvl0: 'On-premises',
    lvl1: 'Manager guide',
    lvl2: 'Rotate the licence',
    anchor: 'rotate-the-licence',
    content: 'ONPREM-CANARY the Manager keeps the licence of the installation and the publish environments.',
    pageRank: 2,
    tag: 'docs-on-prem-current',
  },
];

export function fixtureRecords(origin = 'http://localhost:3000') {
  return PAGES.map((p, position) => ({
    objectID: `${origin}${p.page}#${position}`,
    type: p.content ? 'content' : p.lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0: p.lvl0, lvl1: p.lvl1, lvl2: p.lvl2 ?? null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: p.content ?? null,
    url: `${origin}${p.page}${p.anchor ? `#${p.anchor}` : ''}`,
    url_without_anchor: `${origin}${p.page}`,
    anchor: p.anchor ?? null,
    weight: { pageRank: p.pageRank ?? 0, level: p.content ? 0 : p.lvl2 ? 90 : 100, position },
    language: 'en',
    docusaurus_tag: p.tag ?? 'docs-default-current',
    access: p.access,
  }));
}
