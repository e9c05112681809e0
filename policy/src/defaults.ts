/**
 * The portal's defaults, in one place for everything that needs them: the gate (server/src/config.ts),
 * the site build (site/docusaurus.config.ts, site/config/), `search:push` and the benches. A value
 * the environment does not set comes from here, so the build and the gate cannot disagree on it.
 */
export const PORTAL_DEFAULTS = {
  port: 3000,
  siteUrl: 'http://localhost:3000',
  search: {
    indexName: 'tala-docs',
    /** What the site is built with for the embedded engine: placeholders (the session cookie authenticates). */
    embeddedAppId: 'TALADOCS',
    embeddedApiKey: 'portal-session',
    /** DocSearch's Docusaurus template. */
    highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
    highlightPostTag: '</span>',
  },
} as const;
