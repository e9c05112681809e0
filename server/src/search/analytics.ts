import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { unauthenticated } from '../errors.ts';
import { readerKey } from '../protect/rate-limits.ts';
import { MAX_QUERY_LENGTH } from './engine.ts';
import { SEARCH_LIMITS } from './limits.ts';

/**
 * Search analytics for docs writers, without personal data: each search and each reported click
 * is one structured log line holding the normalised query and a count or a position — no user,
 * session, address or request id (written with the root logger, which has no request bindings).
 * `npm run search:report` (analytics-report.ts) reads these lines from any log pipeline.
 */
export const SEARCH_EVENT = 'search';
export const CLICK_EVENT = 'search click';

export interface SearchEvent {
  query: string;
  hits: number;
}

export interface ClickEvent {
  query: string;
  position: number;
}

/** How queries are compared in the report: NFKC, lower case, single spaces, at most 64 characters. */
export function normaliseQuery(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** One line per non-empty query of a search body (an empty query is the modal opening). */
export function logSearches(log: FastifyBaseLogger, queries: readonly { query: string }[], hits: readonly number[]) {
  queries.forEach(({ query }, i) => {
    const normalised = normaliseQuery(query);
    if (normalised === '') return;
    const search: SearchEvent = { query: normalised, hits: hits[i] ?? 0 };
    log.info({ search }, SEARCH_EVENT);
  });
}

/**
 * `POST /api/search-click` `{query, position}`: the search UI's beacon when a reader opens a hit
 * (1-based position in the results). Signed-in readers only; answered 204 with nothing to read.
 */
export async function searchClickRoute(fastify: FastifyInstance): Promise<void> {
  fastify.post(
    '/api/search-click',
    {
      bodyLimit: 1024,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['query', 'position'],
          properties: {
            query: { type: 'string', maxLength: 512 },
            position: { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.paginationLimit },
          },
        },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: readerKey } },
      preValidation: async (request) => {
        if (request.identity === null) throw unauthenticated();
      },
    },
    async (request, reply) => {
      const body = request.body as ClickEvent;
      const query = normaliseQuery(body.query);
      if (query !== '') {
        const click: ClickEvent = { query, position: body.position };
        fastify.log.info({ click }, CLICK_EVENT);
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
