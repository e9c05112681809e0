/**
 * Runs in the browser before the app hydrates (a Docusaurus client module).
 *
 * 1. The login screen at a deep address. The gate answers an anonymous page request with the
 *    login screen's HTML at the address asked for. Docusaurus would load that address's route
 *    chunks before hydrating, and they answer 401, so the app would never start. The router is
 *    therefore pointed at /Login/ before it reads the address; the login screen puts the deep
 *    address back in the address bar once it has rendered (and keeps it as `deeplink`).
 * 2. No on-prem chunk is prefetched or preloaded for a reader without the on-prem role: the
 *    link hover/viewport prefetch goes through `window.docusaurus`, which is wrapped here.
 *    (The server refuses those chunks anyway; this keeps readers from even asking.) The viewport
 *    prefetches also wait for idle time, so that they do not block the page as it starts.
 * 3. On every route change, at most once a minute, the session is re-read: a session that
 *    expired reloads the page into the login screen, at the same address.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { LOGIN_ROUTE } from '@tala/policy';
import { hasRoutes } from '@tala/route-sections';
import { pagesPrefix, sessionStore } from '../session';
import { STORAGE_KEYS, safeStorage } from '../session/browser-storage';
import { isOnpremPath } from '../session/paths';
import { hasOnpremRole } from '../session/session-store';
import { whenIdle } from './idle-queue';

declare global {
  interface Window {
    /** The address a visitor asked for when the gate answered with the login screen. */
    __talaDeepLink?: string;
  }
}

/**
 * Docusaurus's own rule (core `docusaurus.js`, `isSlowConnection`): on 2G or with data saver it
 * prefetches nothing; nor is anything queued here.
 */
function slowConnection(): boolean {
  const connection = (navigator as { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

type DocusaurusApi = { prefetch: (path: string) => unknown; preload: (path: string) => unknown };

if (ExecutionEnvironment.canUseDOM) {
  const loginPath = `${pagesPrefix}${LOGIN_ROUTE}`;
  const { pathname, search, hash } = window.location;
  if (document.querySelector('[data-tala-login-screen]') && pathname !== loginPath) {
    const deepLink = `${pathname}${search}${hash}`;
    window.__talaDeepLink = deepLink;
    safeStorage.set(STORAGE_KEYS.deeplink, deepLink);
    window.history.replaceState(window.history.state, '', loginPath);
  }

  // Reach-in (docs/upgrading.md, "window.docusaurus redefined"). Why: Docusaurus has no hook to
  // veto a prefetch; its <Link> prefetches (viewport) and preloads (hover) through the global
  // `window.docusaurus = {prefetch, preload}` that @docusaurus/core's clientEntry assigns *after*
  // the client modules ran (they are imported, through App, before its body). So the property is
  // made an accessor here, and the object assigned to it is wrapped. What breaks on upgrade:
  // - core assigning the global before the client modules run: the accessor hides it (undefined)
  //   and every <Link> throws; defining it non-configurable: this defineProperty throws;
  // - silently (the gate still refuses the chunks, but readers without the role ask for them,
  //   with 403s in their console and in the logs): core no longer assigning the global, <Link>
  //   calling prefetch/preload from its own import instead of through `window.docusaurus`, or the
  //   object gaining another method that loads routes (it is copied as is).
  // Guarded by site/src/client-modules/__tests__/upgrade-smoke.test.ts.
  const allowed = (path: string) => !isOnpremPath(path, pagesPrefix) || hasOnpremRole(sessionStore.get());
  let api: DocusaurusApi | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => api,
    set(value: DocusaurusApi) {
      api = {
        ...value,
        // Viewport prefetch is speculative: it waits for idle time (idle-queue.ts); hover preload does not.
        // Docusaurus's prefetch matches the path at once: only paths whose section's routes are
        // loaded (plugins/performance/route-sections; loading one runs its chunk, which a prefetch must not).
        prefetch: (path) =>
          allowed(path) &&
          !slowConnection() &&
          whenIdle(() => allowed(path) && hasRoutes(path) && value.prefetch(path)),
        preload: (path) => allowed(path) && value.preload(path),
      };
    },
  });
}

const SESSION_CHECK_INTERVAL_MS = 60_000;
let lastCheck = Date.now();

export function onRouteDidUpdate({ previousLocation }: { previousLocation: unknown }): void {
  if (previousLocation === null || Date.now() - lastCheck < SESSION_CHECK_INTERVAL_MS) return;
  lastCheck = Date.now();
  void sessionStore.refresh();
}
