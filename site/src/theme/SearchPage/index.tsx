/**
 * The theme's /search/ page (@docusaurus/theme-search-algolia SearchPage, wrapped, not forked: its
 * search and results stay the theme's) with "Ask the docs" above the results, for the page's query.
 *
 * Reach-in (docs/upgrading.md, "SearchPage wrapper"): the theme's page renders its own Layout, so
 * a wrapper cannot put anything inside it by composition; the panel is a portal into an element
 * placed right after the page's search form. When the theme's page no longer has that form, the
 * panel is simply not shown (and ask.spec.ts fails).
 */

import { useSearchQueryString } from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchPage from '@theme-original/SearchPage';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TalaCustomFields } from '../../../config/custom-fields';
import styles from './styles.module.css';

// The panel brings the Markdown parser: loaded when the reader asks, not with the page.
// The same chunk as the modal's (ask/modal), so a reader who used both loads it once.
const AskPanel = lazy(() => import('../../ask/modal').then(({ AskPanel: panel }) => ({ default: panel })));

function AskAboveResults(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pagesPrefix } = siteConfig.customFields as TalaCustomFields;
  const [query] = useSearchQueryString();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState<string | null>(null);

  useEffect(() => {
    const form = document.querySelector('.main-wrapper form');
    if (!form) return undefined;
    const element = document.createElement('div');
    form.after(element);
    setTarget(element);
    return () => element.remove();
  }, []);

  const question = query.trim();
  if (!target || question === '') return null;
  return createPortal(
    <div className={styles.ask}>
      {asked === question ? (
        <Suspense fallback={<p>Loading…</p>}>
          <AskPanel question={asked} pagesPrefix={pagesPrefix} />
        </Suspense>
      ) : (
        <button
          type="button"
          className={`button button--primary button--outline ${styles.askButton}`}
          onClick={() => setAsked(question)}
        >
          <span className={styles.askLabel}>Ask the docs:</span> {question}
        </button>
      )}
    </div>,
    target,
  );
}

export default function SearchPageWrapper(): ReactNode {
  return (
    <>
      <SearchPage />
      <AskAboveResults />
    </>
  );
}
