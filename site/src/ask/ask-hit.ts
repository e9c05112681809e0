/** The Ask hit of the search modal (modal.tsx): pure, so node:test checks it without React. */

export const ASK_OBJECT_ID = 'tala-ask';
export const ASK_SOURCE_TITLE = 'Ask the docs';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hit standing for "ask this question"; `__talaAsk` holds the question. */
export function askHit(question: string) {
  // DocSearch renders _snippetResult and _highlightResult values as HTML: the question is escaped.
  const safe = escapeHtml(question);
  return {
    objectID: ASK_OBJECT_ID,
    __talaAsk: question,
    url: '#ask',
    type: 'lvl1',
    content: null,
    hierarchy: { lvl0: ASK_SOURCE_TITLE, lvl1: question, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    _highlightResult: { hierarchy: { lvl0: { value: ASK_SOURCE_TITLE }, lvl1: { value: safe } } },
    _snippetResult: { hierarchy: { lvl1: { value: safe } } },
  };
}

type SearchResponse = { results?: { hits?: unknown[] }[] };

/**
 * The search response with the Ask hit first, when the reader typed a question and the search found
 * something. Without hits DocSearch's no-results screen stays (its suggestions and "Let us know"
 * link): an Ask entry would replace it, and the sections Ask reads are the same records.
 */
export function withAskHit<T>(response: T, query: string): T {
  const question = query.trim();
  const first = (response as SearchResponse).results?.[0];
  if (question === '' || !first?.hits?.length) return response;
  const results = [...((response as SearchResponse).results ?? [])];
  results[0] = { ...first, hits: [askHit(question), ...(first.hits ?? [])] };
  return { ...response, results } as T;
}
