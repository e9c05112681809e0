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
    /** Word lengths from which one and two typos are allowed (DocSearch's template), on both backends. */
    minWordSizefor1Typo: 3,
    minWordSizefor2Typos: 7,
    /** Lifetime of a reader's secured Algolia key. */
    keyLifetimeSeconds: 3600,
    /**
     * Searches per reader per minute. The modal sends one per pause in typing (200 ms debounce):
     * 300 is a reader typing without pause for a minute. Heavy requests (more than 100 hits ranked)
     * are for scripts and exports: 30 a minute.
     */
    rate: { perMinute: 300, heavyPerMinute: 30 },
  },
} as const;
