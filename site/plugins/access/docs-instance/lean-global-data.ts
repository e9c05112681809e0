interface SidebarLink {
  link?: { path: string; label: string };
}

interface Version {
  docs?: unknown[];
  sidebars?: Record<string, SidebarLink>;
}

/**
 * The docs plugin's global data, cut to ids and paths: it sits in the main bundle that every
 * visitor loads, the login screen included.
 * - `versions[].docs` (every doc's id, path and sidebar: 59 KB for the portal) becomes empty. Its
 *   one reader here is the navbar's active state, which the swizzled DocSidebarNavbarItem takes
 *   from the matched route instead; the other readers (doc navbar items, version dropdowns and
 *   banners) are not used by the portal.
 * - `versions[].sidebars[].link.label` (the first sidebar item's title: page text, on-prem text
 *   for the on-prem instance) becomes the sidebar's id; navbar items name their own label.
 */
export function leanGlobalData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('versions' in data)) return data;
  const { versions } = data as { versions: Version[] };
  return {
    ...data,
    versions: versions.map((version) => ({
      ...version,
      docs: [],
      sidebars: Object.fromEntries(
        Object.entries(version.sidebars ?? {}).map(([id, sidebar]) => [
          id,
          sidebar.link ? { link: { ...sidebar.link, label: id } } : sidebar,
        ]),
      ),
    })),
  };
}
