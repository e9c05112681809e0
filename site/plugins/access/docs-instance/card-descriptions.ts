/**
 * The docs version's props (the DocVersionRoot route's `version` prop: every sidebar, and every
 * doc's id, title, description and sidebar) are one module that every docs page loads and parses.
 * Of the doc map, the theme reads only a doc's description, through `useDocById`, in DocCard on
 * category index pages, which shows it on one truncated line (`text--truncate`; the full text as
 * its tooltip); the global data, not these props, serves the other doc lookups. The doc map was 64 %
 * of the module at 509 pages (144 of 226 KB) and 62 % at 3,403 (1,079 of 1,735 KB). So each doc
 * keeps only its description, cut to what a card shows: its first sentence, or at most
 * CARD_DESCRIPTION_CHARS at a word boundary with an ellipsis. The doc's own page takes its title
 * and description from its own metadata (meta tags, search), not from these props.
 */
export const CARD_DESCRIPTION_CHARS = 140;

export function cardDescription(description: string): string {
  const sentence = /^.+?[.!?](?=\s|$)/s.exec(description)?.[0] ?? description;
  if (sentence.length <= CARD_DESCRIPTION_CHARS) return sentence;
  const cut = sentence.slice(0, CARD_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > CARD_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

type Route = { props?: Record<string, unknown>; routes?: Route[] };
type VersionProp = { docsSidebars?: unknown; docs?: Record<string, { description?: string }> };

/** The route (as given to `actions.addRoute`) with its version props' descriptions cut for cards. */
export function withCardDescriptions<R extends Route>(route: R): R {
  const version = route.props?.version as VersionProp | undefined;
  const props =
    version?.docs && version.docsSidebars
      ? {
          ...route.props,
          version: {
            ...version,
            docs: Object.fromEntries(
              Object.entries(version.docs).map(([id, doc]) => [
                id,
                // An entry per doc stays: `useDocById` throws for an id it does not find.
                typeof doc.description === 'string' ? { description: cardDescription(doc.description) } : {},
              ]),
            ),
          },
        }
      : route.props;
  return {
    ...route,
    ...(props ? { props } : {}),
    ...(route.routes ? { routes: route.routes.map(withCardDescriptions) } : {}),
  };
}
