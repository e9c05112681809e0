/**
 * A reader's searches over time: the credentials of /api/session do not last forever. With
 * SEARCH_BACKEND=algolia the secured key ends at `validUntil` (ALGOLIA_KEY_LIFETIME_SECONDS), and
 * with either backend the session itself can end while the page stays open. So each search:
 * - renews the session first when the key ends within RENEW_MARGIN_MS;
 * - on 401/403 (key expired or refused, session ended) renews once and retries with the new key;
 *   a reader who is no longer signed in is reloaded into the login screen by the session store.
 * Framework-free, for tests.
 */
import type { SearchCredentials } from '../session/session-store';

export const RENEW_MARGIN_MS = 60_000;

export interface ReaderSearchDeps<Client> {
  /** The credentials the page holds now. */
  current: () => Promise<SearchCredentials>;
  /** Reads /api/session again; null when the reader is no longer signed in. */
  renew: () => Promise<SearchCredentials | null>;
  clientFor: (credentials: SearchCredentials) => Client;
  now?: () => number;
}

type SearchOf<Client> = Client extends { search: (...args: infer A) => Promise<infer R> }
  ? (...args: A) => Promise<R>
  : never;

const sameKey = (a: SearchCredentials, b: SearchCredentials) =>
  a.apiKey === b.apiKey && a.appId === b.appId && String(a.hosts) === String(b.hosts);

/** Algolia's clients reject with an ApiError carrying the HTTP status. */
const refused = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};

export function readerSearch<Client extends { search: (...args: never[]) => Promise<unknown> }>(
  deps: ReaderSearchDeps<Client>,
): SearchOf<Client> {
  const now = deps.now ?? Date.now;
  let cached: { credentials: SearchCredentials; client: Client } | null = null;
  const clientFor = (credentials: SearchCredentials) => {
    if (!cached || !sameKey(cached.credentials, credentials))
      cached = { credentials, client: deps.clientFor(credentials) };
    return cached.client;
  };
  const search = async (...args: never[]) => {
    let credentials = await deps.current();
    if (credentials.validUntil !== undefined && credentials.validUntil * 1000 - now() < RENEW_MARGIN_MS) {
      credentials = (await deps.renew()) ?? credentials;
    }
    try {
      return await clientFor(credentials).search(...args);
    } catch (error) {
      if (!refused(error)) throw error;
      const renewed = await deps.renew();
      if (!renewed || sameKey(renewed, credentials)) throw error;
      return clientFor(renewed).search(...args);
    }
  };
  return search as SearchOf<Client>;
}

/** Algolia's clients reject with a RetryError when every host timed out or could not be reached. */
const unreachable = (error: unknown) => (error as { name?: unknown } | null)?.name === 'RetryError';

/**
 * For the theme's /search/ page, which has no error handler: one failed request throws
 * "Uncaught, unspecified error event" there and the page shows no results from then on (seen once
 * in CI, on a loaded machine). A search that found no host answering is sent once more before the
 * error reaches the page; a refusal or a bad request is not (readerSearch deals with the first,
 * and sending the second again would fail the same way).
 */
export function retriedOnce<A extends unknown[], R>(search: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await search(...args);
    } catch (error) {
      if (!unreachable(error)) throw error;
      return search(...args);
    }
  };
}
