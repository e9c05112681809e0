/**
 * Stands in for `algoliasearch/lite` in the browser bundle (plugins/search/search-client aliases it):
 * the theme's /search/ page builds `liteClient(appId, apiKey)` with Algolia's hosts and no hook to
 * change them. This returns the same client whose searches go where the reader's credentials say
 * (the portal, or Algolia with a secured key), renewed as they end (./reader-search).
 */
// The real module, under a name the alias does not catch (see plugins/search/search-client).
import { liteClient as algoliaLiteClient } from '@tala/algoliasearch-lite-upstream';
import { pagesPrefix } from '../session';
import { renewSearchCredentials, searchCredentials } from './credentials';
import { readerSearch, retriedOnce } from './reader-search';
import { hostsFor, PORTAL_TIMEOUTS } from './search-client';

type Options = Parameters<typeof algoliaLiteClient>[2];
type LiteClient = ReturnType<typeof algoliaLiteClient>;

/** The search function of a lite client that follows the reader's credentials. */
export function readerLiteSearch(options?: Options): LiteClient['search'] {
  return readerSearch({
    current: searchCredentials,
    renew: renewSearchCredentials,
    clientFor: (credentials) =>
      algoliaLiteClient(credentials.appId, credentials.apiKey, {
        ...options,
        hosts: hostsFor(credentials, window.location, pagesPrefix),
        ...(credentials.hosts === null ? { timeouts: PORTAL_TIMEOUTS } : {}),
      }),
  }) as LiteClient['search'];
}

/** The modal's client (theme/SearchBar): DocSearch shows its own error screen, at once (SVC-05). */
export function readerLiteClient(appId: string, apiKey: string, options?: Options): LiteClient {
  return { ...algoliaLiteClient(appId, apiKey, options), search: readerLiteSearch(options) };
}

/** What the theme's /search/ page builds through the alias: the same, a search that reached no host retried once. */
export function liteClient(appId: string, apiKey: string, options?: Options): LiteClient {
  const client = readerLiteClient(appId, apiKey, options);
  return { ...client, search: retriedOnce(client.search) as LiteClient['search'] };
}

export * from '@tala/algoliasearch-lite-upstream';
