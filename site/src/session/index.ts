import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import type { TalaCustomFields } from '../../config/custom-fields';
import { STORAGE_KEYS, safeStorage } from './browser-storage';
import { fetchSession, SessionStore } from './session-store';

const { pagesPrefix } = siteConfig.customFields as TalaCustomFields;

/**
 * The one session store of the page. A reader whose session ended (expired, signed out in another
 * tab) is reloaded into the login screen at the same address: the server answers the reload with it.
 */
export const sessionStore = new SessionStore(
  // The gate served the login screen: nobody is signed in, no need to ask (and log a 401).
  () =>
    document.querySelector('[data-tala-login-screen]')
      ? Promise.resolve({ status: 'signed-out' } as const)
      : fetchSession(window.fetch.bind(window), pagesPrefix),
  () => window.location.reload(),
);

if (ExecutionEnvironment.canUseDOM) {
  void sessionStore.refresh().then((state) => {
    if (state.status === 'signed-in') {
      // Seed §4: after sign-in the stored deep link is removed (the server already returned there).
      safeStorage.remove(STORAGE_KEYS.deeplink);
      if (state.username) safeStorage.set(STORAGE_KEYS.username, state.username);
    }
  });
}

export { pagesPrefix };
