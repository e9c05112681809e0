import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir, packageFile } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'Doc navigation by index';
const FILE = 'lib/sidebars/utils.js';

type Item =
  | { type: 'doc'; id: string; label?: string }
  | { type: 'link'; href: string; label: string }
  | {
      type: 'category';
      label: string;
      items: Item[];
      collapsed: boolean;
      collapsible: boolean;
      link?: { type: 'doc'; id: string } | { type: 'generated-index'; slug: string; permalink: string };
    };
type Navigation = { sidebarName?: string; previous?: Item; next?: Item };
type Args = { docId: string; displayedSidebar?: string; unlistedIds: Set<string> };
type Utils = {
  collectSidebarsNavigations(sidebars: Record<string, Item[]>): Record<string, Item[]>;
  createSidebarsUtils(sidebars: Record<string, Item[]>): {
    getDocNavigation(args: Args): Navigation;
    getSidebarNameByDocId(docId: string): string | undefined;
  };
};

const utils = createRequire(import.meta.url)(path.join(packageDir('@docusaurus/plugin-content-docs'), FILE)) as Utils;

/**
 * getDocNavigation as Docusaurus 3.10.2 publishes it: filter the sidebar's navigation items, then
 * search them, for each doc (the sidebar a doc is in is the unpatched getSidebarNameByDocId's).
 */
function upstream(sidebars: Record<string, Item[]>, { docId, displayedSidebar, unlistedIds }: Args): Navigation {
  const sidebarName = displayedSidebar ?? utils.createSidebarsUtils(sidebars).getSidebarNameByDocId(docId);
  if (!sidebarName) return { sidebarName: undefined, previous: undefined, next: undefined };
  const items = (utils.collectSidebarsNavigations(sidebars)[sidebarName] ?? []).filter(
    (item) => !unlistedIds.has(idOf(item) ?? ''),
  );
  const index = items.findIndex((item) => idOf(item) === docId);
  if (index === -1) return { sidebarName, next: undefined, previous: undefined };
  return { sidebarName, previous: items[index - 1], next: items[index + 1] };
}

const idOf = (item: Item) =>
  item.type === 'doc' ? item.id : item.type === 'category' && item.link?.type === 'doc' ? item.link.id : undefined;

const doc = (id: string): Item => ({ type: 'doc', id });
const category = (label: string, items: Item[], link?: string): Item => ({
  type: 'category',
  label,
  items,
  collapsed: true,
  collapsible: true,
  link: link
    ? { type: 'doc', id: link }
    : { type: 'generated-index', slug: `/category/${label}`, permalink: `/category/${label}/` },
});
// Two sidebars; categories with a doc link, with a generated index, nested; a doc listed twice; a link.
const sidebars: Record<string, Item[]> = {
  guides: [
    doc('intro'),
    category('studio', [doc('flows'), doc('hidden'), category('deep', [doc('intents'), doc('flows')])], 'studio-home'),
    { type: 'link', href: 'https://example.com', label: 'Elsewhere' },
    category('inquire', [doc('tql'), doc('hidden-home')]),
    doc('last'),
  ],
  reference: [category('apis', [doc('studio-api'), doc('intro')], 'hidden-home'), doc('glossary')],
};
const docIds = ['intro', 'flows', 'hidden', 'intents', 'studio-home', 'tql', 'hidden-home', 'last', 'studio-api'];

test('UPGRADE the patched getDocNavigation is in the installed plugin-content-docs', () => {
  const source = packageFile('@docusaurus/plugin-content-docs', FILE);
  assert.ok(
    source.includes('function listedNavigation(sidebarName, unlistedIds)'),
    broke('the doc-navigation patch is not applied', FILE, SECTION),
  );
});

test('UPGRADE a doc gets the previous and next pages the published per-doc search gives, listed or not, in any sidebar', () => {
  const sidebarsUtils = utils.createSidebarsUtils(sidebars);
  for (const unlisted of [[], ['hidden', 'hidden-home'], ['studio-home']]) {
    const unlistedIds = new Set(unlisted);
    for (const displayedSidebar of [undefined, 'guides', 'reference'])
      for (const docId of [...docIds, 'glossary', 'unknown']) {
        const args = { docId, displayedSidebar, unlistedIds };
        assert.deepEqual(
          sidebarsUtils.getDocNavigation(args),
          upstream(sidebars, args),
          broke(`navigation of ${docId} (${displayedSidebar ?? 'own sidebar'}, unlisted ${unlisted})`, FILE, SECTION),
        );
      }
  }
});

test('UPGRADE the docs of a version look at each sidebar item once, not once per doc', () => {
  // addDocNavigation passes one set of unlisted ids for all the docs of a version.
  let lookups = 0;
  const unlistedIds = new (class extends Set<string> {
    override has(id: string) {
      lookups += 1;
      return super.has(id);
    }
  })(['hidden']);
  const sidebarsUtils = utils.createSidebarsUtils(sidebars);
  for (const docId of docIds) sidebarsUtils.getDocNavigation({ docId, unlistedIds });
  const items = Object.values(utils.collectSidebarsNavigations(sidebars)).flat().length;
  assert.ok(lookups <= items, broke(`${lookups} lookups for ${items} sidebar items`, FILE, SECTION));
});
