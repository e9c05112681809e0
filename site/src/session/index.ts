import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import type { TalaCustomFields } from '../../config/custom-fields';
import { STORAGE_KEYS, safeStorage } from './browser-storage';
import { fetchSession, SERVER_RENDER_STATE, SessionStore } from './session-store';

const { pagesPrefix, skipAuthentication } = siteConfig.customFields as TalaCustomFields;

/**
 * `npm run dev` (docs/writing.md, "Preview while you write"): the Docusaurus dev server has no gate, so nothing
 * answers /api/session. With skipAuthentication the reader is what the gate would make them: a
 * reader holding the on-prem role. Only on the dev server: a production build drops this branch.
 */
const devServerReader = process.env.NODE_ENV === 'development' && skipAuthentication;

/**
 * The one session store of the page. A reader whose session ended (expired, signed out in another
 * tab) is reloaded into the login screen at the same address: the server answers the reload with it.
 */
export const sessionStore = new SessionStore(
  // The gate served the login screen: nobody is signed in, no need to ask (and log a 401).
  () =>
    devServerReader
      ? Promise.resolve(SERVER_RENDER_STATE)
      : document.querySelector('[data-tala-login-screen]')
        ? Promise.resolve({ status: 'signed-out' } as const)
        : fetchSession(window.fetch.bind(window), pagesPrefix),
  () => window.location.reload(),
);

if (ExecutionEnvironment.canUseDOM) {
  void sessionStore.refresh().then((state) => {
    if (state.status === 'signed-in') {
      // Seed (spec/seed.md §4): after sign-in the stored deep link is removed (the server already returned there).
      safeStorage.remove(STORAGE_KEYS.deeplink);
      if (state.username) safeStorage.set(STORAGE_KEYS.username, state.username);
    }
  });
}

export { pagesPrefix };
