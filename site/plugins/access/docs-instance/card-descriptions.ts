/**
 * The docs version's props (the DocVersionRoot route's `version` prop: every sidebar, and every
 * doc's id, title and description) are one module that every docs page loads and parses. Of them,
 * a doc's description is used only by the theme's DocCard, on category index pages, which shows it
 * on one truncated line (`text--truncate`; the full text as its tooltip). The descriptions were
 * 38 % of the module at 509 pages (87 of 226 KB) and 35 % at 3,403 (611 of 1,735 KB). So each
 * description is cut to what a card shows: its first sentence, or at most CARD_DESCRIPTION_CHARS
 * at a word boundary with an ellipsis. The doc's own page takes its description from its own
 * metadata (meta tags, search), not from these props.
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
                typeof doc.description === 'string' ? { ...doc, description: cardDescription(doc.description) } : doc,
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
