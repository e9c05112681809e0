/**
 * The search client of the modal and the /search/ page: Algolia's own lite client (the wire format
 * both UIs speak), pointed at the portal's origin (embedded engine) or at Algolia with the reader's
 * secured key (SEARCH_BACKEND=algolia), as /api/session says. Framework-free for tests.
 */
import type { SearchCredentials } from '../session/session-store';

/** Seed (spec/seed.md §5): requests are debounced 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Timeouts for the portal as search host. Algolia's defaults (connect 1 s, read 2 s) suit its
 * three DSN hosts, where a slow one is skipped; the portal is one host, so a busy server or a slow
 * link showed 'Unable to fetch results' after a second. A refused connection still fails at once.
 */
export const PORTAL_TIMEOUTS = { connect: 5_000, read: 10_000, write: 30_000 } as const;

export interface LiteHost {
  url: string;
  protocol: 'http' | 'https';
  accept: 'read' | 'readWrite';
}

/** "https://search.example/x" → the lite client's host entry; the portal's own origin by default. */
export function hostsFor(
  credentials: Pick<SearchCredentials, 'hosts'>,
  location: { host: string; protocol: string },
  pagesPrefix: string,
): LiteHost[] {
  if (credentials.hosts === null) {
    return [
      {
        url: `${location.host}${pagesPrefix}`,
        protocol: location.protocol === 'https:' ? 'https' : 'http',
        accept: 'readWrite',
      },
    ];
  }
  return credentials.hosts.map((href) => {
    const url = new URL(href);
    return {
      url: `${url.host}${url.pathname.replace(/\/$/, '')}`,
      protocol: url.protocol === 'https:' ? 'https' : 'http',
      accept: 'readWrite',
    };
  });
}

type Search<A extends unknown[], R> = (...args: A) => Promise<R>;

/**
 * Debounces a search function: a call waits `ms`; a newer call within that time replaces it, and
 * the replaced calls resolve with the newer call's answer (autocomplete keeps only the latest
 * anyway, and a promise left pending would hold its request queue open).
 */
export function debounceSearch<A extends unknown[], R>(
  search: Search<A, R>,
  ms: number,
  timers = globalThis,
): Search<A, R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: { resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  return (...args: A) =>
    new Promise<R>((resolve, reject) => {
      if (timer !== undefined) timers.clearTimeout(timer);
      waiting.push({ resolve, reject });
      timer = timers.setTimeout(() => {
        const settle = waiting;
        waiting = [];
        timer = undefined;
        search(...args).then(
          (value) => {
            for (const w of settle) w.resolve(value);
          },
          (error: unknown) => {
            for (const w of settle) w.reject(error);
          },
        );
      }, ms);
    });
}
