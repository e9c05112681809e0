/**
 * The docs version's props (the DocVersionRoot route's `version` prop: every sidebar, and every
 * doc's id, title, description and sidebar) are one module that every docs page loads and parses.
 * Of the doc map, the theme reads only a doc's description, through `useDocById`, in DocCard on
 * category index pages, which shows it on one truncated line (`text--truncate`; the full text as
 * its tooltip); the global data, not these props, serves the other doc lookups. So the doc map is
 * left empty, and each category index page's own props carry the descriptions of the docs its
 * cards show (`cardDescriptions`, by link), cut to what a card shows: the first sentence, or at most
 * CARD_DESCRIPTION_CHARS at a word boundary with an ellipsis. The theme's DocCard reads them from
 * there (site/src/theme/DocCard, DocCategoryGeneratedIndexPage). The doc map was 42 % of the
 * module at 3,412 pages with descriptions already cut (478 of 1,141 KB), and grows with every doc;
 * a category page's share grows with that category only. The doc's own page takes its title and
 * description from its own metadata (meta tags, search), not from these props.
 */
export const CARD_DESCRIPTION_CHARS = 140;

export function cardDescription(description: string): string {
  const sentence = /^.+?[.!?](?=\s|$)/s.exec(description)?.[0] ?? description;
  if (sentence.length <= CARD_DESCRIPTION_CHARS) return sentence;
  const cut = sentence.slice(0, CARD_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > CARD_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** The prop of a category index page's route that holds its cards' descriptions, by link. */
export const CARD_DESCRIPTIONS_PROP = 'cardDescriptions';

type SidebarItem = { type?: string; href?: string; docId?: string; items?: SidebarItem[] };
type Route = { path?: string; sidebar?: string; props?: Record<string, unknown>; routes?: Route[] };
type VersionProp = { docsSidebars?: Record<string, SidebarItem[]>; docs?: Record<string, { description?: string }> };

/** The routes (as given to `actions.addRoute`) with the version's doc map emptied and each category index page given its cards' descriptions. */
export function withCardDescriptions<R extends Route>(route: R): R {
  const version = route.props?.version as VersionProp | undefined;
  if (!version?.docs || !version.docsSidebars) {
    return route.routes ? { ...route, routes: route.routes.map(withCardDescriptions) } : route;
  }
  const described = new Map<string, string>();
  for (const [id, doc] of Object.entries(version.docs)) {
    if (typeof doc.description === 'string') described.set(id, cardDescription(doc.description));
  }
  const categories = categoriesByHref(version.docsSidebars);
  const withCards = (child: Route): Route => {
    const category = child.props?.categoryGeneratedIndex && child.path ? categories.get(child.path) : undefined;
    const cards = category ? descriptionsOf(category, described) : undefined;
    return {
      ...child,
      ...(cards ? { props: { ...child.props, [CARD_DESCRIPTIONS_PROP]: cards } } : {}),
      ...(child.routes ? { routes: child.routes.map(withCards) } : {}),
    };
  };
  return withCards({ ...route, props: { ...route.props, version: { ...version, docs: {} } } }) as R;
}

/** Every category of every sidebar, by its index page's path. */
function categoriesByHref(sidebars: Record<string, SidebarItem[]>): Map<string, SidebarItem> {
  const found = new Map<string, SidebarItem>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href && !found.has(item.href)) found.set(item.href, item);
      walk(item.items ?? []);
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return found;
}

/** The descriptions of a category's own doc links (its cards), by link. */
function descriptionsOf(category: SidebarItem, described: ReadonlyMap<string, string>): Record<string, string> {
  const cards: Record<string, string> = {};
  for (const item of category.items ?? []) {
    const description = item.type === 'link' && item.docId && item.href ? described.get(item.docId) : undefined;
    if (description !== undefined && item.href) cards[item.href] = description;
  }
  return cards;
}
