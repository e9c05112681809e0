/**
 * The parts a sidebar's pages are split into (index.ts gives each its own docs version props), and
 * the sidebar as a page of a part shows it.
 *
 * Sibling categories are packed, in sidebar order, into groups of at most MAX_GROUP_PAGES pages; a
 * larger category is split: its own index page and direct pages are one group, and its
 * sub-categories are packed the same way, recursively. So a page's props hold at most
 * MAX_GROUP_PAGES pages' items and docs, and the number of groups (each a route in the shell's
 * route table, which every page loads) grows by one per MAX_GROUP_PAGES pages, not per category.
 */

export interface LinkItem {
  type: 'link';
  href: string;
  label: string;
  docId?: string;
  [key: string]: unknown;
}
export interface CategoryItem {
  type: 'category';
  label: string;
  href?: string;
  items: SidebarItem[];
  description?: string;
  [key: string]: unknown;
}
export type SidebarItem = LinkItem | CategoryItem | { type: 'html'; [key: string]: unknown };

/**
 * Pages per group. The version props cost about 0.4 KB a page (222 KB at 509 pages); 128 pages keep
 * a page's props near 50 KB, and 10,000 pages make about 80 groups (about 16 KB of route table).
 */
export const MAX_GROUP_PAGES = 128;

export interface Group {
  sidebar: string;
  /** The categories above the group, outermost first, shown open (their other children reduced). */
  chain: CategoryItem[];
  /** The categories shown in full; empty for the direct pages of the chain's last category. */
  expanded: CategoryItem[];
  /** Its pages' paths (sidebar hrefs) and doc ids. */
  hrefs: Set<string>;
  docIds: Set<string>;
}

function collect(item: SidebarItem, group: Pick<Group, 'hrefs' | 'docIds'>): void {
  if (item.type === 'link') {
    group.hrefs.add(item.href);
    if (item.docId) group.docIds.add(item.docId);
  } else if (item.type === 'category') {
    if (item.href) group.hrefs.add(item.href);
    for (const child of item.items) collect(child, group);
  }
}

function pageCount(item: CategoryItem): number {
  const counted = { hrefs: new Set<string>(), docIds: new Set<string>() };
  collect(item, counted);
  return counted.hrefs.size;
}

/** The groups of one sidebar's categories; its top-level links belong to no group. */
export function planGroups(sidebar: string, items: readonly SidebarItem[], chain: CategoryItem[] = []): Group[] {
  const groups: Group[] = [];
  let bin: CategoryItem[] = [];
  let size = 0;
  const flush = () => {
    if (bin.length === 0) return;
    const group: Group = { sidebar, chain, expanded: bin, hrefs: new Set(), docIds: new Set() };
    for (const category of bin) collect(category, group);
    groups.push(group);
    bin = [];
    size = 0;
  };
  for (const item of items) {
    if (item.type !== 'category') continue;
    const pages = pageCount(item);
    if (pages > MAX_GROUP_PAGES) {
      flush();
      const direct: Group = { sidebar, chain: [...chain, item], expanded: [], hrefs: new Set(), docIds: new Set() };
      if (item.href) direct.hrefs.add(item.href);
      for (const child of item.items) if (child.type === 'link') collect(child, direct);
      if (direct.hrefs.size > 0) groups.push(direct);
      groups.push(...planGroups(sidebar, item.items, [...chain, item]));
    } else {
      if (size + pages > MAX_GROUP_PAGES) flush();
      bin.push(item);
      size += pages;
    }
  }
  flush();
  return groups;
}

/** "3 items", as the theme's category cards say when a category has no description. */
const itemsPlural = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * A category outside the page's group: its label linking to its first page, no children, and the
 * description its card on a category index page would show.
 */
function reduced(item: CategoryItem): CategoryItem | null {
  const first = (i: SidebarItem): string | undefined =>
    i.type === 'link' ? i.href : i.type === 'category' ? (i.href ?? i.items.map(first).find(Boolean)) : undefined;
  const href = first(item);
  if (!href) return null;
  return {
    ...item,
    href,
    items: [],
    // Nothing to open: no caret.
    collapsible: false,
    collapsed: false,
    description: item.description ?? itemsPlural(item.items.length),
  };
}

/** The sidebar as the pages of `group` show it (all categories reduced for pages of no group). */
export function viewOf(items: readonly SidebarItem[], group: Group | null, depth = 0): SidebarItem[] {
  return items.flatMap((item): SidebarItem[] => {
    if (item.type !== 'category') return [item];
    if (group && depth < group.chain.length && item === group.chain[depth]) {
      return [{ ...item, items: viewOf(item.items, group, depth + 1) }];
    }
    if (group && depth === group.chain.length && group.expanded.includes(item)) return [item];
    const small = reduced(item);
    return small ? [small] : [];
  });
}
