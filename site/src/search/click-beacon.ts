/**
 * Search analytics for docs writers (server/src/search/analytics.ts): when a reader opens a
 * result, the gate is told the query the results were for and the result's position — nothing
 * else. A keepalive request (what `sendBeacon` is, with a readable JSON body), so following the
 * link never waits for it and leaving the page does not cancel it; framework-free for tests.
 */

/** The query of the results on screen, as the modal last asked for them. */
let shownQuery = '';

/** The query of a search request as DocSearch's client sends it (`{requests: [{query}]}` or a list). */
export function queryOf(request: unknown): string {
  const requests = Array.isArray(request) ? request : (request as { requests?: unknown[] } | null)?.requests;
  const first = requests?.[0] as { query?: unknown; params?: { query?: unknown } } | undefined;
  const query = first?.query ?? first?.params?.query;
  return typeof query === 'string' ? query : '';
}

export function noteSearch(request: unknown): void {
  const query = queryOf(request);
  if (query.trim() !== '') shownQuery = query;
}

export type Beacon = (url: string, body: string) => void;

export const keepalivePost: Beacon = (url, body) => {
  void fetch(url, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(
    () => undefined, // analytics only: a lost click is not the reader's problem
  );
};

/** `position` is 1-based in the results; `query` defaults to the one last searched. */
export function reportClick(
  pagesPrefix: string,
  position: unknown,
  query: string = shownQuery,
  send: Beacon = keepalivePost,
): void {
  if (typeof position !== 'number' || query.trim() === '') return;
  send(`${pagesPrefix}/api/search-click`, JSON.stringify({ query, position }));
}
