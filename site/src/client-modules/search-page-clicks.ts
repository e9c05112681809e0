/**
 * Search analytics on the /search/ page (the modal reports its own clicks, theme/SearchBar): when
 * a reader opens a result, the click beacon gets the page's query and the result's position.
 *
 * The page is the theme's own (@docusaurus/theme-search-algolia SearchPage, not forked: it has no
 * click hook), so this listens on the document for a click on a result title, which the theme
 * renders as `main > article > h2 > a`, one article per result in order. That markup is the
 * theme's internals: e2e `search-questions.spec.ts` clicks a result and fails if the beacon stops.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { reportClick } from '../search/click-beacon';
import { pagesPrefix } from '../session';

const SEARCH_PAGE = `${pagesPrefix}/search/`;
const RESULT_TITLE = 'main article h2 a';

/** The 1-based position of the result whose title was clicked, or null for any other click. */
export function resultPosition(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const article = target.closest(RESULT_TITLE)?.closest('article');
  const list = article?.parentElement;
  if (!article || !list) return null;
  return (
    Array.from(list.children)
      .filter((child) => child.tagName === 'ARTICLE')
      .indexOf(article) + 1
  );
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener(
    'click',
    (event) => {
      if (window.location.pathname !== SEARCH_PAGE) return;
      const position = resultPosition(event.target);
      const query = new URLSearchParams(window.location.search).get('q') ?? '';
      if (position !== null) reportClick(pagesPrefix, position, query);
    },
    // Capture: the theme's Link navigates on click; the beacon must be sent before the page changes.
    { capture: true },
  );
}
