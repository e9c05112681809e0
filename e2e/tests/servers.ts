/** Ports and secrets of the test servers (playwright.config.ts starts them). */
const base = Number(process.env.E2E_PORT ?? 3101);
export const PORTS = {
  reading: base,
  signin: base + 1,
  signinIdp: base + 2,
  idpDown: base + 3,
  algolia: base + 4,
  algoliaIdp: base + 5,
} as const;

/** The algolia server's search-only key: secured keys derive from it; it never reaches a browser. */
export const ALGOLIA_SEARCH_API_KEY = 'e2e-search-only-key';

/** The signin server's session secret, so that a test can seal an expired session. */
export const SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0001';
