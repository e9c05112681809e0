import { useHistory, useLocation } from '@docusaurus/router';
import { FORBIDDEN_ROUTE } from '@tala/policy';
import { type ReactNode, useEffect, useRef } from 'react';
import { pagesPrefix, sessionStore } from '../session';
import { useSession } from '../session/hooks';
import { isOnpremPath } from '../session/paths';
import { hasOnpremRole } from '../session/session-store';

const forbiddenPath = `${pagesPrefix}${FORBIDDEN_ROUTE}`;

/** A plain left click on a same-tab link to an on-prem page, or null. */
function onpremLinkTarget(event: MouseEvent): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin && isOnpremPath(url.pathname, pagesPrefix) ? url : null;
}

/**
 * Role check on the client, over the whole app (spec/seed.md §6): in-app navigation to /on-prem/ without
 * the role goes to /403/ before any on-prem chunk is requested, and on-prem content is not shown
 * until the role check has run. The first page of a visit was already checked by the server.
 */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  const history = useHistory();
  const location = useLocation();
  const session = useSession();
  const firstPath = useRef(location.pathname);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = onpremLinkTarget(event);
      if (target === null || hasOnpremRole(sessionStore.get())) return;
      // Before the router sees the click: no navigation, so no preload of the on-prem route.
      event.preventDefault();
      event.stopPropagation();
      void sessionStore.settled().then((state) => {
        history.push(hasOnpremRole(state) ? `${target.pathname}${target.search}${target.hash}` : forbiddenPath);
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [history]);

  const onpremRoute = isOnpremPath(location.pathname, pagesPrefix);
  const checked = hasOnpremRole(session) || (session.status === 'loading' && location.pathname === firstPath.current);
  const refused = onpremRoute && !checked && session.status !== 'loading';

  useEffect(() => {
    if (refused) history.replace(forbiddenPath);
  }, [refused, history]);

  return onpremRoute && !checked ? null : children;
}
