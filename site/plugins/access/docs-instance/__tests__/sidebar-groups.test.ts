import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CATEGORY_LINK_CLASS,
  GROUP_ATTRIBUTE,
  groupOfPage,
  groupSidebar,
  type SidebarItem,
  withSidebarGroups,
} from '../sidebar-groups';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href, docId: 'doc' });
const category = (label: string, items: SidebarItem[], href?: string): SidebarItem => ({
  type: 'category',
  label,
  items,
  collapsed: true,
  collapsible: true,
  ...(href ? { href } : {}),
});

/** Home; A (small, with an index page); B (too large: split) with a page of its own, B1 and B2 (no index page); C (no index page). */
const SIDEBAR: SidebarItem[] = [
  link('/'),
  category('A', [link('/a/1/'), link('/a/2/')], '/category/a/'),
  category(
    'B',
    [
      link('/b/own/'),
      category('B1', [link('/b1/1/'), link('/b1/2/')], '/category/b1/'),
      category('B2', [link('/b2/1/'), link('/b2/2/')]),
    ],
    '/category/b/',
  ),
  category('C', [link('/c/1/')]),
];
const LIMIT = 4;

const groupItems = (path: string) => {
  const grouping = groupSidebar('default/docs', SIDEBAR, LIMIT);
  const key = groupOfPage(grouping, path);
  return grouping.groups.find((group) => group.key === key)?.items ?? [];
};
const labels = (items: SidebarItem[]) => items.map((item) => `${item.type}:${item.label}`);

test('SIDEBAR-GROUPS a page of a small category gets that category whole, the top level, and every other category as a link to its index page or first page', () => {
  const items = groupItems('/a/1/');
  assert.deepEqual(labels(items), ['link:/', 'category:A', 'link:B', 'link:C']);
  assert.deepEqual(items[1], SIDEBAR[1]);
  assert.deepEqual(items[2], {
    type: 'link',
    label: 'B',
    href: '/category/b/',
    className: CATEGORY_LINK_CLASS,
    description: '3 items',
  });
  assert.equal(items[3]?.href, '/c/1/');
});

test('SIDEBAR-GROUPS a category over the limit is split: its own pages form a group, each child category another, with the path to it kept', () => {
  const own = groupItems('/b/own/');
  assert.deepEqual(labels(own), ['link:/', 'link:A', 'category:B', 'link:C']);
  assert.deepEqual(labels(own[2]?.items ?? []), ['link:/b/own/', 'link:B1', 'link:B2']);
  assert.deepEqual(groupItems('/category/b/'), own, "the split category's index page is in its own group");

  const child = groupItems('/b2/2/');
  assert.deepEqual(labels(child[2]?.items ?? []), ['link:/b/own/', 'link:B1', 'category:B2']);
  assert.deepEqual(child[2]?.items?.[2], (SIDEBAR[2]?.items ?? [])[2], 'the child category is whole');
});

test('SIDEBAR-GROUPS every page of the sidebar has a group, group keys are unique, and a page outside the sidebar gets the top level', () => {
  const grouping = groupSidebar('default/docs', SIDEBAR, LIMIT);
  const keys = grouping.groups.map((group) => group.key);
  assert.equal(new Set(keys).size, keys.length);
  const hrefs: string[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.href) hrefs.push(item.href);
      walk(item.items ?? []);
    }
  };
  walk(SIDEBAR);
  for (const href of hrefs) {
    const key = grouping.groupOf.get(href === '/' ? href : href.replace(/\/$/, ''));
    assert.ok(key && keys.includes(key), `${href} has no group`);
    // The page is in its group's sidebar (so the theme marks it active and builds its breadcrumbs).
    const items = grouping.groups.find((group) => group.key === key)?.items ?? [];
    const inGroup: string[] = [];
    const collect = (list: SidebarItem[]) => {
      for (const item of list) {
        if (item.href && !item.className?.includes(CATEGORY_LINK_CLASS)) inGroup.push(item.href);
        if (item.type === 'category') collect(item.items ?? []);
      }
    };
    collect(items);
    assert.ok(inGroup.includes(href), `${href} is not a page of its group's sidebar`);
  }
  assert.equal(groupOfPage(grouping, '/not/in/the/sidebar/'), grouping.topKey);
  assert.ok(keys.includes(grouping.topKey));
});

test('SIDEBAR-GROUPS a group holds a bounded share of a large sidebar: at 40 categories of 100 pages, the largest group is under a tenth of the whole', () => {
  const big = Array.from({ length: 40 }, (_, c) =>
    category(
      `Section ${c}`,
      Array.from({ length: 10 }, (_, s) =>
        category(
          `Part ${c}.${s}`,
          Array.from({ length: 10 }, (_, p) => link(`/s${c}/p${s}/page-${p}/`)),
          `/category/s${c}-p${s}/`,
        ),
      ),
      `/category/s${c}/`,
    ),
  );
  const whole = JSON.stringify(big).length;
  const largest = Math.max(
    ...groupSidebar('default/docs', big).groups.map((group) => JSON.stringify(group.items).length),
  );
  assert.ok(largest < whole / 10, `largest group ${largest} bytes of ${whole}`);
});

test('SIDEBAR-GROUPS the version props lose their sidebars; each doc route names its group and loads its module, which holds that group', async () => {
  const written = new Map<string, string>();
  const createData = async (name: string, data: string) => {
    written.set(name, data);
    return `/generated/${name}`;
  };
  const docs = ['/', '/a/1/', '/b2/1/', '/unlisted/'].map((path) => ({
    path,
    component: '@theme/DocItem',
    exact: true,
    modules: { content: `@site/docs${path}index.md` },
    sidebar: 'docs',
  }));
  const versionRoute = {
    path: '/',
    component: '@theme/DocVersionRoot',
    props: { version: { version: 'current', docsSidebars: { docs: SIDEBAR } } },
    routes: [{ path: '/', component: '@theme/DocRoot', routes: docs }],
  };
  const input = structuredClone(versionRoute);
  type Route = {
    path?: string;
    modules?: Record<string, unknown>;
    props?: Record<string, unknown>;
    routes?: Route[];
  } & Record<string, unknown>;
  const out: Route = await withSidebarGroups<Route>({ path: '/', routes: [versionRoute] }, 'default', createData);
  assert.deepEqual(versionRoute, input, 'the input is not changed');

  const version = out.routes?.[0];
  assert.deepEqual((version?.props?.version as { docsSidebars?: unknown } | undefined)?.docsSidebars, {});
  const grouped = version?.routes?.[0]?.routes ?? [];
  const grouping = groupSidebar('default/docs', SIDEBAR);
  for (const route of grouped) {
    const key = route[GROUP_ATTRIBUTE] as string;
    assert.equal(key, groupOfPage(grouping, route.path as string));
    assert.equal(route.modules?.content, `@site/docs${route.path}index.md`);
    const file = String(route.modules?.[GROUP_ATTRIBUTE]).replace('/generated/', '');
    const source = written.get(file) ?? '';
    // The module registers its group's items under the key the route names.
    const call = /registerSidebarGroup\(("[^"]*"), JSON\.parse\((".*")\)\);/.exec(source);
    assert.ok(call, source);
    assert.equal(JSON.parse(call[1] as string), key);
    const expected = grouping.groups.find((group) => group.key === key)?.items;
    assert.deepEqual(JSON.parse(JSON.parse(call[2] as string)), expected);
  }
  assert.equal(grouped[3]?.[GROUP_ATTRIBUTE], grouping.topKey, 'a doc outside the sidebar gets the top level');
  assert.equal(written.size, grouping.groups.length);
});
