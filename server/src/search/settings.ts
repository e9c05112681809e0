import { availableParallelism } from 'node:os';
import { PORTAL_DEFAULTS } from '@tala/policy';
import type { GateEnvironment } from '../env.ts';
import { ConfigError } from '../errors.ts';

/**
 * Where readers' searches go (docs/search.md, "Backends").
 * - `embedded` (default): this server answers `POST /1/indexes/*\/queries` from the build's records.
 * - `algolia`: the records are pushed to Algolia (`npm run search:push`); each reader gets a secured
 *   API key from /api/session whose filters allow only what their roles may read, and the browser
 *   queries Algolia directly.
 */
export interface SearchSettings {
  readonly backend: 'embedded' | 'algolia';
  readonly indexName: string;
  /** Algolia application id; the build-time placeholder for the embedded engine. */
  readonly appId: string;
  /** Algolia: the search-only API key the secured keys derive from (never sent to browsers). */
  readonly searchApiKey: string | null;
  /** Algolia: other hosts than Algolia's own (a proxy, or tests pointing at the embedded endpoint). */
  readonly hosts: readonly string[] | null;
  /** Algolia: how long a secured key is valid, in seconds. */
  readonly keyLifetimeSeconds: number;
  /** Embedded: worker threads that rank (searcher.ts); 0 ranks on the event loop. */
  readonly workers: number;
  /** Searches per reader per minute, and heavy ones among them (PORTAL_DEFAULTS.search.rate). */
  readonly rate: { readonly perMinute: number; readonly heavyPerMinute: number };
}

/** The appId and key the site is built with (docusaurus.config.ts): placeholders, the cookie authenticates. */
export const EMBEDDED_APP_ID = PORTAL_DEFAULTS.search.embeddedAppId;
export const EMBEDDED_API_KEY = PORTAL_DEFAULTS.search.embeddedApiKey;

export function loadSearchSettings(env: GateEnvironment): SearchSettings {
  const backend = env.SEARCH_BACKEND;
  const indexName = env.ALGOLIA_INDEX_NAME;
  const lifetime = env.ALGOLIA_KEY_LIFETIME_SECONDS;
  const workers = env.SEARCH_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const rate = Object.freeze({
    perMinute: env.SEARCH_RATE_PER_MINUTE,
    heavyPerMinute: env.SEARCH_HEAVY_RATE_PER_MINUTE,
  });
  if (backend === 'embedded') {
    return Object.freeze({
      backend,
      indexName,
      appId: EMBEDDED_APP_ID,
      searchApiKey: null,
      hosts: null,
      keyLifetimeSeconds: lifetime,
      workers,
      rate,
    });
  }
  const appId = env.ALGOLIA_APP_ID;
  const searchApiKey = env.ALGOLIA_SEARCH_API_KEY;
  if (!appId) throw new ConfigError('SEARCH_BACKEND=algolia needs ALGOLIA_APP_ID.');
  if (!searchApiKey) {
    throw new ConfigError(
      'SEARCH_BACKEND=algolia needs ALGOLIA_SEARCH_API_KEY (a search-only key; secured keys derive from it).',
    );
  }
  const hosts = env.ALGOLIA_HOSTS ? Object.freeze(env.ALGOLIA_HOSTS.map((h) => h.replace(/\/$/, ''))) : null;
  // The gate still answers searches in this mode (tests, or ALGOLIA_HOSTS pointing at it).
  return Object.freeze({ backend, indexName, appId, searchApiKey, hosts, keyLifetimeSeconds: lifetime, workers, rate });
}
