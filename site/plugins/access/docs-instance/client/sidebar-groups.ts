import type { PropSidebar } from '@docusaurus/plugin-content-docs';

/**
 * The sidebar items of each group of pages, as their modules register them
 * (../sidebar-groups.ts writes one module per group; a doc route loads its
 * group's module with the page, so the items are here before the page renders, on the server and in
 * the browser). Read by the DocVersionRoot wrapper (../theme/DocVersionRoot).
 */
const groups = new Map<string, PropSidebar>();

export function registerSidebarGroup(key: string, items: PropSidebar): void {
  groups.set(key, items);
}

export function sidebarGroup(key: string): PropSidebar | undefined {
  return groups.get(key);
}

/** The route attribute naming a doc route's group (and the route module that loads its items). */
export const GROUP_ATTRIBUTE = 'sidebarGroup';
