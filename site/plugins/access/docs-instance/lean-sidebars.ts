/**
 * The sidebars in the docs version's props (every docs page loads them) without what the theme
 * does not read. A doc link's `docId` (as long as its `href`) is read only as a yes/no: the
 * breadcrumbs count a link as the current doc's crumb when it has one (`getSidebarBreadcrumbs`);
 * DocCard looked the doc up by it, and our DocCard wrapper no longer does (card-descriptions.ts).
 * So it becomes DOC_LINK. `unlisted: false` is the same as no `unlisted` wherever the theme reads it
 * (`!item.unlisted`). At 3,412 pages the two were 205 of the 663 KB of sidebars (a link's 190 bytes
 * held 59 of docId and 17 of unlisted). The upgrade smoke test lists the theme's readers of both.
 */
export const DOC_LINK = 'doc';

type Item = { type?: string; docId?: unknown; unlisted?: unknown; items?: Item[] };

function leanItem(item: Item): Item {
  if (item.type === 'category') return { ...item, items: (item.items ?? []).map(leanItem) };
  if (item.type !== 'link') return item;
  const { docId, unlisted, ...rest } = item;
  return { ...rest, ...(docId ? { docId: DOC_LINK } : {}), ...(unlisted ? { unlisted } : {}) };
}

type Route = { props?: Record<string, unknown>; routes?: Route[] };

/** The routes (as given to `actions.addRoute`) with the version props' sidebars leaner; the input is not changed. */
export function withLeanSidebars<R extends Route>(route: R): R {
  const version = route.props?.version as { docsSidebars?: Record<string, unknown> } | undefined;
  const sidebars = version?.docsSidebars;
  const props = sidebars
    ? {
        ...route.props,
        version: {
          ...version,
          docsSidebars: Object.fromEntries(
            Object.entries(sidebars).map(([name, items]) => [name, Array.isArray(items) ? items.map(leanItem) : items]),
          ),
        },
      }
    : route.props;
  return {
    ...route,
    ...(props ? { props } : {}),
    ...(route.routes ? { routes: route.routes.map(withLeanSidebars) } : {}),
  };
}
