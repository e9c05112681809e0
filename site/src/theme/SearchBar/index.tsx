/**
 * The navbar search (DocSearch modal), built from the same parts as the theme's SearchBar, which
 * it replaces for two reasons (DESIGN §5): the theme's component always emits
 * `<link rel="preconnect" href="https://{appId}-dsn.algolia.net">` (browsers then contact Algolia
 * from every page), and a wrapper cannot take a <head> tag back. What differs from the theme:
 * no preconnect; the reader's search credentials are read before the modal opens; and
 * `transformSearchClient` swaps DocSearch's client (Algolia's hosts) for one that talks to the
 * portal, or to Algolia with the reader's secured key, debounced 200 ms (seed §5).
 *
 * Reach-in (docs/upgrading.md, "Forked SearchBar"). A fork of
 * @docusaurus/theme-search-algolia 3.10.2's lib/theme/SearchBar/index.js, for @docsearch/react 3.9.0
 * (the versions site/src/theme/SearchBar/__tests__/upgrade-smoke.test.ts asserts). It is ours from
 * then on: fixes and features of later theme versions (new DocSearch props, Ask AI, keyboard
 * handling, translations) do not reach it by themselves. It also relies on things it does not own:
 * - the button and the keyboard hook are copies of DocSearch 3.9.0's (./docsearch-button.tsx), not
 *   imports: @docsearch/react 3 is one module, modal included, and the theme's alias
 *   `@docsearch/react/useDocSearchKeyboardEvents` points at its UMD build, a second copy. Either
 *   import put DocSearch in every page's main.js; now it loads with the modal. DocSearch 4
 *   ships separate entry points, and its modal takes new props (the theme's v4 SearchBar passes them);
 * - the theme's client helpers (`mergeFacetFilters`, `useAlgoliaContextualFacetFilters`,
 *   `useSearchResultUrlProcessor`) and theme-common's `isRegexpStringMatch`, `useSearchLinkCreator`;
 * - DocSearch's error screen works only with our patch (patches/@docsearch+react+3.9.0.patch).
 * On upgrade: diff the theme's new SearchBar against the 3.10.2 one and carry the changes here.
 */
import type { DocSearchModalProps } from '@docsearch/react';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import Translate from '@docusaurus/Translate';
import { isRegexpStringMatch, useSearchLinkCreator } from '@docusaurus/theme-common';
import {
  mergeFacetFilters,
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import translations from '@theme/SearchTranslations';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import type { TalaCustomFields } from '../../../config/custom-fields';
import { noteSearch, queryOf, reportClick } from '../../search/click-beacon';
import { searchCredentials } from '../../search/credentials';
import type { readerLiteClient } from '../../search/lite-client';
import { debounceSearch, SEARCH_DEBOUNCE_MS } from '../../search/search-client';
import { DocSearchButton, useDocSearchKeyboardEvents } from './docsearch-button';

type Modal = typeof import('@docsearch/react/modal').DocSearchModal;
type AskModule = typeof import('../../ask/modal');
type SearchClient = ReturnType<typeof readerLiteClient>;
/** A hit as the modal renders it; `position` (1-based, in ranking order) is ours, for the click beacon. */
type InternalHit = { url: string; position?: number; __talaAsk?: string };

interface AlgoliaThemeConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch?: boolean;
  externalUrlRegex?: string;
  searchPagePath?: string | false;
  searchParameters?: { facetFilters?: string[] | string[][] };
  placeholder?: string;
}

let DocSearchModal: Modal | null = null;
let askModule: AskModule | null = null;
let searchClient: SearchClient | null = null;
let preparing: Promise<void> | null = null;

/**
 * Loads the modal's code and the reader's search client (Algolia's lite client, about 50 KB: not in
 * every page's main.js) once, before the first opening; a failed load is tried again next time.
 */
function prepareModal(appId: string, apiKey: string): Promise<void> {
  preparing ??= Promise.all([
    import('@docsearch/react/modal'),
    import('../../search/lite-client'),
    import('@docsearch/react/style'),
    import('./styles.css'),
    import('../../ask/modal'),
  ]).then(
    ([{ DocSearchModal: modal }, { readerLiteClient }, , , ask]) => {
      const client = readerLiteClient(appId, apiKey);
      const search = debounceSearch(client.search, SEARCH_DEBOUNCE_MS);
      searchClient = {
        ...client,
        search: ((request: Parameters<typeof search>[0]) => {
          noteSearch(request);
          return search(request).then((response) => ask.withAskHit(response, queryOf(request)));
        }) as typeof search,
      };
      askModule = ask;
      DocSearchModal = modal;
    },
    (error: unknown) => {
      preparing = null;
      throw error;
    },
  );
  return preparing;
}

/** Starts answering a question in the modal (the Ask hit's click). */
const AskContext = createContext<(question: string) => void>(() => undefined);

/**
 * One result. The patched DocSearch lists results as a grid (rows in a `role="grid"`; see
 * patches/@docsearch+react+3.9.0.patch): a listbox option may hold no link or button (WCAG 4.1.2,
 * axe nested-interactive), a grid cell may, so the link and the save/remove buttons stay.
 */
function Hit({ hit, children }: { hit: InternalHit; children: ReactNode }) {
  const { siteConfig } = useDocusaurusContext();
  const { pagesPrefix } = siteConfig.customFields as TalaCustomFields;
  const ask = useContext(AskContext);
  if (hit.__talaAsk !== undefined && askModule) {
    const question = hit.__talaAsk;
    return (
      // biome-ignore lint/a11y/useSemanticElements: as below, a cell of DocSearch's grid row.
      // biome-ignore lint/a11y/useFocusableInteractive: as below; the button inside takes focus.
      <div role="gridcell" className="DocSearch-Hit-cell">
        <askModule.AskHit question={question} onAsk={() => ask(question)} />
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of DocSearch's <ul role="grid">, inside its <li role="row">; a <td> would need a table.
    // biome-ignore lint/a11y/useFocusableInteractive: the combobox moves through rows with aria-activedescendant; the link inside takes focus.
    <div role="gridcell" className="DocSearch-Hit-cell">
      <Link to={hit.url} onClick={() => reportClick(pagesPrefix, hit.position)}>
        {children}
      </Link>
    </div>
  );
}

function ResultsFooter({
  state,
  onClose,
}: {
  state: { query: string; context: { nbHits?: unknown } };
  onClose: () => void;
}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{ count: String(state.context.nbHits ?? 0) }}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

/**
 * The question answered in the modal (null: the results show). Outside SearchBar's state on
 * purpose: a SearchBar render re-renders DocSearch's modal, which then makes its Autocomplete anew
 * (some of its props are new objects each render) and loses the reader's query.
 */
function createAskStore() {
  let question: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => question,
    set(next: string | null) {
      if (next === question) return;
      question = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

type AskStore = ReturnType<typeof createAskStore>;

/**
 * The answer, drawn inside DocSearch's dropdown (it scrolls with it, between the search box and
 * the footer, inside the modal's focus cycle); `data-asking` hides the results meanwhile (styles.css).
 */
function AskHost({
  store,
  container,
  pagesPrefix,
  openLink,
  onBack,
}: {
  store: AskStore;
  container: HTMLElement;
  pagesPrefix: string;
  openLink: (url: string) => void;
  onBack: () => void;
}) {
  const question = useSyncExternalStore(store.subscribe, store.get, () => null);
  const [root] = useState(() => Object.assign(document.createElement('div'), { className: 'tala-ask-root' }));
  useLayoutEffect(() => {
    if (question === null) {
      delete container.dataset.asking;
      return;
    }
    const dropdown = container.querySelector('.DocSearch-Dropdown');
    if (dropdown && root.parentElement !== dropdown) dropdown.appendChild(root);
    container.dataset.asking = '';
  }, [question, container, root]);
  useEffect(
    () => () => {
      delete container.dataset.asking;
    },
    [container],
  );
  if (question === null || !askModule) return null;
  return createPortal(
    <askModule.AskPanel
      question={question}
      pagesPrefix={pagesPrefix}
      openLink={openLink}
      onBack={onBack}
      className={askModule.askInModalClass}
    />,
    root,
  );
}

export default function SearchBar(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const config = siteConfig.themeConfig.algolia as AlgoliaThemeConfig;
  const { searchMissingResultsUrl, pagesPrefix } = siteConfig.customFields as TalaCustomFields;
  const history = useHistory();
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const contextualFacetFilters = useAlgoliaContextualFacetFilters();
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const [indexName, setIndexName] = useState(config.indexName);
  const askStore = useMemo(createAskStore, []);

  const searchParameters = useMemo(() => {
    const configured = config.searchParameters?.facetFilters ?? [];
    return {
      ...config.searchParameters,
      facetFilters: config.contextualSearch ? mergeFacetFilters(contextualFacetFilters, configured) : configured,
    };
  }, [config, contextualFacetFilters]);

  const prepare = useCallback(() => prepareModal(config.appId, config.apiKey), [config.appId, config.apiKey]);

  const openModal = useCallback(() => {
    if (!searchContainer.current) {
      searchContainer.current = document.createElement('div');
      document.body.insertBefore(searchContainer.current, document.body.firstChild);
    }
    Promise.all([prepare(), searchCredentials()]).then(
      ([, credentials]) => {
        setIndexName(credentials.indexName);
        setIsOpen(true);
      },
      // The modal's code failed to load (offline, a new deployment): nothing opens, and the next
      // shortcut or click tries again (prepareModal forgets a failed load).
      (error: unknown) => console.error('Search could not be opened:', error),
    );
  }, [prepare]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    askStore.set(null);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
  }, [askStore]);

  const ask = useCallback(
    (question: string) => {
      const text = question.trim();
      if (text !== '') askStore.set(text);
    },
    [askStore],
  );

  // Enter on the Ask hit answers instead of following the hit (DocSearch would navigate to its URL
  // and close the modal): taken on the way down (capture), before DocSearch's own handler. Editing
  // the query or moving through the results goes back to the results.
  useEffect(() => {
    if (!isOpen) return undefined;
    const isSearchInput = (target: EventTarget | null): target is HTMLInputElement =>
      target instanceof HTMLInputElement && target.classList.contains('DocSearch-Input');
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchInput(event.target)) return;
      if (event.key === 'Enter') {
        const active = event.target.getAttribute('aria-activedescendant');
        const row = active ? document.getElementById(active) : null;
        if (!row?.querySelector('[data-tala-ask]')) return;
        event.preventDefault();
        event.stopPropagation();
        ask(event.target.value);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        askStore.set(null);
      }
    };
    const onInput = (event: Event) => {
      if (isSearchInput(event.target)) askStore.set(null);
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('input', onInput, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('input', onInput, true);
    };
  }, [isOpen, ask, askStore]);

  // A source of an answer: close the modal first (DocSearch puts the page's scroll back as it
  // closes), then navigate, so that the page lands on the cited section.
  const openLink = useCallback(
    (url: string) => {
      closeModal();
      setTimeout(() => history.push(url), 0);
    },
    [closeModal, history],
  );

  const backToResults = useCallback(() => {
    askStore.set(null);
    searchContainer.current?.querySelector<HTMLInputElement>('.DocSearch-Input')?.focus();
  }, [askStore]);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  useDocSearchKeyboardEvents({ isOpen, onOpen: openModal, onClose: closeModal, onInput: handleInput, searchButtonRef });

  const navigator = useMemo(
    () => ({
      navigate({ itemUrl, item, state }: { itemUrl: string; item?: InternalHit; state?: { query?: string } }) {
        reportClick(pagesPrefix, item?.position, state?.query);
        if (isRegexpStringMatch(config.externalUrlRegex, itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [config.externalUrlRegex, history, pagesPrefix],
  );

  const transformItems = useCallback(
    (items: InternalHit[]) =>
      items.map((item, index) =>
        // The Ask hit's URL is no page (the processor would fail to parse it): it is never followed.
        item.__talaAsk !== undefined ? item : { ...item, url: processSearchResultUrl(item.url), position: index + 1 },
      ),
    [processSearchResultUrl],
  );

  const resultsFooterComponent = useCallback(
    ({ state }: { state: { query: string; context: { nbHits?: unknown } } }) => (
      <ResultsFooter state={state} onClose={closeModal} />
    ),
    [closeModal],
  );

  // Stable: DocSearch makes its search client and its Autocomplete (state, query included) anew
  // when this function changes, and the modal re-renders while open (an answer is shown).
  const transformSearchClient = useCallback(
    () => searchClient as unknown as ReturnType<NonNullable<DocSearchModalProps['transformSearchClient']>>,
    [],
  );

  const modalProps: Partial<DocSearchModalProps> = {
    appId: config.appId,
    apiKey: config.apiKey,
    indexName,
    placeholder: config.placeholder ?? 'Search docs',
    searchParameters: searchParameters as DocSearchModalProps['searchParameters'],
    transformSearchClient,
    transformItems: transformItems as unknown as DocSearchModalProps['transformItems'],
    hitComponent: Hit as unknown as DocSearchModalProps['hitComponent'],
    navigator: navigator as DocSearchModalProps['navigator'],
    // Seed §2 keeps DocSearch's own wording where the theme's translations changed it:
    // 'No results for', the footer's 'to select' / 'to navigate' / 'to close' and 'Search by'.
    translations: {
      ...translations.modal,
      noResultsScreen: { ...translations.modal?.noResultsScreen, noResultsText: 'No results for' },
      footer: {
        ...translations.modal?.footer,
        selectText: 'to select',
        navigateText: 'to navigate',
        closeText: 'to close',
        searchByText: 'Search by',
      },
    },
    ...(config.searchPagePath
      ? { resultsFooterComponent: resultsFooterComponent as DocSearchModalProps['resultsFooterComponent'] }
      : {}),
    ...(searchMissingResultsUrl
      ? {
          getMissingResultsUrl: ({ query }: { query: string }) =>
            `${searchMissingResultsUrl}${searchMissingResultsUrl.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`,
        }
      : {}),
  };

  return (
    <>
      <DocSearchButton
        // Warm-ups: a failure here is retried when the reader opens the modal.
        onTouchStart={() => void prepare().catch(() => undefined)}
        onFocus={() => void prepare().catch(() => undefined)}
        onMouseOver={() => void prepare().catch(() => undefined)}
        onClick={openModal}
        ref={searchButtonRef}
        translations={translations.button}
      />
      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <AskContext.Provider value={ask}>
            <DocSearchModal
              {...(modalProps as DocSearchModalProps)}
              onClose={closeModal}
              initialScrollY={window.scrollY}
              initialQuery={initialQuery}
            />
          </AskContext.Provider>,
          searchContainer.current,
        )}
      {isOpen && searchContainer.current && (
        <AskHost
          store={askStore}
          container={searchContainer.current}
          pagesPrefix={pagesPrefix}
          openLink={openLink}
          onBack={backToResults}
        />
      )}
    </>
  );
}
