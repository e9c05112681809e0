/**
 * A sidebar per group of pages, instead of the whole sidebar in the version props every docs page
 * loads. The props held every sidebar item (1.5 MB at 10,433 pages, parsed and walked on every docs
 * page), so a page's start-up grew with the site. Now a page gets its group's sidebar: the top level
 * and the categories on the way to the group kept as categories, the group's subtree whole, and every
 * other category a link to its index page (or its first page) — what a reader sees of them when they
 * are collapsed, one click away. Each group's items are a module of their own (registered in
 * client/sidebar-groups.ts), named on the group's routes: the route loads it with the page, before
 * rendering, on the server and in the browser alike, and the plugin's DocVersionRoot (theme/) gives the theme
 * the current group's items where it reads the sidebar (`useDocRootMetadata`: the version's
 * `docsSidebars[route.sidebar]`, its only reader; the upgrade smoke test checks both).
 *
 * A group: a category holding at most GROUP_LINKS pages, whole; a larger category (and the sidebar's
 * top level) is split into its child categories, its own direct pages forming a group of their own.
 * So a page's sidebar holds at most GROUP_LINKS pages of its group plus the siblings on its path.
 */
import path from 'node:path';
import { GROUP_ATTRIBUTE } from './client/sidebar-groups';

export const GROUP_LINKS = 300;

/** The class of a category shown as a link (styled in src/css/custom.css). */
export const CATEGORY_LINK_CLASS = 'tala-category-link';

export { GROUP_ATTRIBUTE };

export type SidebarItem = {
  type?: string;
  label?: string;
  href?: string;
  className?: string;
  description?: string;
  items?: SidebarItem[];
  [key: string]: unknown;
};

export interface SidebarGroup {
  key: string;
  items: SidebarItem[];
}

export interface SidebarGrouping {
  groups: SidebarGroup[];
  /** A page's path (no trailing slash) → the key of its group. */
  groupOf: Map<string, string>;
  /** The group of the top level's own pages, and of any page not found in the sidebar. */
  topKey: string;
}

const isCategory = (item: SidebarItem) => item.type === 'category';
const trimSlash = (href: string) => (href.length > 1 ? href.replace(/\/$/, '') : href);

function pagesIn(item: SidebarItem): number {
  if (!isCategory(item)) return item.type === 'link' ? 1 : 0;
  return (item.items ?? []).reduce((sum, child) => sum + pagesIn(child), item.href ? 1 : 0);
}

function hrefsIn(item: SidebarItem, into: string[]): string[] {
  if (item.href) into.push(item.href);
  for (const child of item.items ?? []) hrefsIn(child, into);
  return into;
}

function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const href = item.href ?? (isCategory(item) ? firstHref(item.items ?? []) : undefined);
    if (href) return href;
  }
  return undefined;
}

/** A category of another group: a link to its index page, or to its first page; none if it has no page. */
function asLink(category: SidebarItem): SidebarItem | null {
  const href = category.href ?? firstHref(category.items ?? []);
  if (!href) return null;
  const count = (category.items ?? []).length;
  return {
    type: 'link',
    label: category.label,
    href,
    className: [category.className, CATEGORY_LINK_CLASS].filter(Boolean).join(' '),
    // What the theme's category card says of it (its items), for a category index page's cards.
    description: `${count} ${count === 1 ? 'item' : 'items'}`,
  };
}

/** The sidebar as a group at `path` (indices from the top level) sees it. */
function shaped(items: SidebarItem[], path: number[], whole: boolean, depth = 0): SidebarItem[] {
  const out: SidebarItem[] = [];
  items.forEach((item, index) => {
    if (!isCategory(item)) out.push(item);
    else if (path[depth] !== index) {
      const link = asLink(item);
      if (link) out.push(link);
    } else if (whole && depth === path.length - 1) out.push(item);
    else out.push({ ...item, items: shaped(item.items ?? [], path, whole, depth + 1) });
  });
  return out;
}

/** Splits one sidebar into groups; `prefix` makes the keys unique across sidebars and docs instances. */
export function groupSidebar(prefix: string, items: SidebarItem[], limit = GROUP_LINKS): SidebarGrouping {
  const groups: SidebarGroup[] = [];
  const groupOf = new Map<string, string>();
  const topKey = `${prefix}:top`;
  const claim = (hrefs: string[], key: string) => {
    for (const href of hrefs) if (!groupOf.has(trimSlash(href))) groupOf.set(trimSlash(href), key);
  };
  const split = (children: SidebarItem[], path: number[], href: string | undefined) => {
    const key = path.length === 0 ? topKey : `${prefix}:${path.join('.')}`;
    const own = children.filter((child) => !isCategory(child) && child.href).map((child) => child.href as string);
    claim(href ? [href, ...own] : own, key);
    if (path.length === 0 || own.length > 0 || href) groups.push({ key, items: shaped(items, path, false) });
    children.forEach((child, index) => {
      if (!isCategory(child)) return;
      const at = [...path, index];
      if (pagesIn(child) > limit) split(child.items ?? [], at, child.href);
      else {
        const key = `${prefix}:${at.join('.')}`;
        claim(hrefsIn(child, []), key);
        groups.push({ key, items: shaped(items, at, true) });
      }
    });
  };
  split(items, [], undefined);
  return { groups, groupOf, topKey };
}

/** A page's group: by its path, else the top level's. */
export function groupOfPage(grouping: SidebarGrouping, pagePath: string): string {
  return grouping.groupOf.get(trimSlash(pagePath)) ?? grouping.topKey;
}

/** By path, not by alias: the plugin also serves sites whose `@site` is elsewhere (the canary site). */
const REGISTRY = path.join(__dirname, 'client', 'sidebar-groups.ts');

/** The module of a group's items: registers them by key when the route that names it loads it. */
export function groupModule(group: SidebarGroup): string {
  return [
    `import { registerSidebarGroup } from ${JSON.stringify(REGISTRY)};`,
    '',
    `registerSidebarGroup(${JSON.stringify(group.key)}, JSON.parse(${JSON.stringify(JSON.stringify(group.items))}));`,
    '',
    `export default ${JSON.stringify(group.key)};`,
    '',
  ].join('\n');
}

type Route = {
  path?: string;
  sidebar?: string;
  modules?: Record<string, unknown>;
  props?: Record<string, unknown>;
  routes?: Route[];
  [key: string]: unknown;
};
type VersionProp = { docsSidebars?: Record<string, SidebarItem[]> };

/**
 * The routes (as given to `actions.addRoute`) with the version's sidebars moved into a module per
 * group (written with `createData`) and each doc route naming its group and loading its module.
 * The input is not changed.
 */
export async function withSidebarGroups<R extends Route>(
  route: R,
  instance: string,
  createData: (name: string, data: string) => Promise<string>,
): Promise<R> {
  const version = route.props?.version as VersionProp | undefined;
  if (!version?.docsSidebars) {
    if (!route.routes) return route;
    const routes = await Promise.all(route.routes.map((child) => withSidebarGroups(child, instance, createData)));
    return { ...route, routes };
  }
  const groupings = new Map<string, SidebarGrouping>();
  const modules = new Map<string, string>();
  for (const [name, items] of Object.entries(version.docsSidebars)) {
    const grouping = groupSidebar(`${instance}/${name}`, items);
    groupings.set(name, grouping);
    for (const group of grouping.groups) {
      const file = `sidebar-group-${group.key.replace(/[^\w.-]+/g, '_')}.js`;
      modules.set(group.key, await createData(file, groupModule(group)));
    }
  }
  const named = (child: Route): Route => {
    const grouping = child.sidebar && child.path ? groupings.get(child.sidebar) : undefined;
    const key = grouping && child.path ? groupOfPage(grouping, child.path) : undefined;
    return {
      ...child,
      ...(key ? { [GROUP_ATTRIBUTE]: key, modules: { ...child.modules, [GROUP_ATTRIBUTE]: modules.get(key) } } : {}),
      ...(child.routes ? { routes: child.routes.map(named) } : {}),
    };
  };
  return named({ ...route, props: { ...route.props, version: { ...version, docsSidebars: {} } } }) as R;
}
