/** The label shown for a sidebar link in global data; not taken from any on-prem page. */
export const REDACTED_SIDEBAR_LABEL = 'On-premises';

interface SidebarLink {
  link?: { path: string; label: string };
}

/**
 * Replaces the sidebar link labels (a page title) in the docs plugin's global data. Ids and paths
 * stay: the router needs them, and they are file names, not content.
 */
export function redactGlobalData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('versions' in data)) return data;
  const { versions } = data as { versions: { sidebars?: Record<string, SidebarLink> }[] };
  return {
    ...data,
    versions: versions.map((version) => ({
      ...version,
      sidebars: Object.fromEntries(
        Object.entries(version.sidebars ?? {}).map(([id, sidebar]) => [
          id,
          sidebar.link ? { link: { ...sidebar.link, label: REDACTED_SIDEBAR_LABEL } } : sidebar,
        ]),
      ),
    })),
  };
}
