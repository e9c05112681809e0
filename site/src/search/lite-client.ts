/**
 * Stands in for `algoliasearch/lite` in the browser bundle (plugins/search-client aliases it):
 * the theme's /search/ page builds `liteClient(appId, apiKey)` with Algolia's hosts and no hook to
 * change them. This returns the same client whose searches wait for the reader's credentials and
 * go where they say (the portal, or Algolia with a secured key).
 */
// The real module, under a name the alias does not catch (see plugins/search-client).
import { liteClient as algoliaLiteClient } from '@tala/algoliasearch-lite-upstream';
import { pagesPrefix } from '../session';
import { searchCredentials } from './credentials';
import { hostsFor } from './search-client';

type Options = Parameters<typeof algoliaLiteClient>[2];
type LiteClient = ReturnType<typeof algoliaLiteClient>;

/** A lite client for the reader's credentials, with the portal (or configured hosts) as host. */
export async function readerLiteClient(options?: Options): Promise<LiteClient> {
  const credentials = await searchCredentials();
  return algoliaLiteClient(credentials.appId, credentials.apiKey, {
    ...options,
    hosts: hostsFor(credentials, window.location, pagesPrefix),
  });
}

export function liteClient(appId: string, apiKey: string, options?: Options): LiteClient {
  const placeholder = algoliaLiteClient(appId, apiKey, options);
  let client: Promise<LiteClient> | null = null;
  const real = () => {
    client ??= readerLiteClient(options);
    return client;
  };
  return {
    ...placeholder,
    search: (async (...args: Parameters<LiteClient['search']>) =>
      (await real()).search(...args)) as LiteClient['search'],
  };
}

export * from '@tala/algoliasearch-lite-upstream';
