import { ACCESS_LEVELS, type AccessLevel } from '@tala/policy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessDecision } from '../access/open.ts';
import type { GateConfig } from '../config.ts';
import {
  fromFastify,
  GateError,
  noSuchIndex,
  SearchBusyError,
  searchKeyRefused,
  searchUnavailable,
  unauthenticated,
} from '../errors.ts';
import { addressBudget, readerKey } from '../protect/rate-limits.ts';
import { restrictionsOf } from './algolia/secured-keys.ts';
import { logSearches } from './analytics.ts';
import type { SearchTask } from './answer.ts';
import { filtersAdmit } from './engine/filters.ts';
import { costOf, HEAVY_COST } from './limits.ts';
import { parseFilters, parseMultiQuery } from './params.ts';
import type { Searcher } from './searcher.ts';

/** Algolia's limit for a search request body is far larger; DocSearch's requests are ~1 KiB. */
const BODY_LIMIT = 64 * 1024;

/**
 * `POST /1/indexes/*\/queries`, Algolia's multi-query endpoint, as DocSearch and the /search/ page
 * call it (docs/design.md §5): one result per request, in order. Errors are Algolia's `{message, status}`.
 * Who may see what: the session's roles, or, when this server stands in for Algolia, the filters
 * of the secured key the request carries.
 */
export async function searchRoutes(
  fastify: FastifyInstance,
  opts: { config: GateConfig; searcher: Searcher | null; access: AccessDecision },
): Promise<void> {
  const { config, searcher, access } = opts;
  const origin = `${config.publicUrl}${config.pagesPrefix}`;

  fastify.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof SearchBusyError) {
      request.log.warn('search shed: the worker queue is full');
      fastify.metrics.shed.inc({ reason: 'search-busy' });
      return reply
        .code(503)
        .header('retry-after', '1')
        .header('cache-control', 'no-store')
        .send({ message: error.message, status: 503 });
    }
    // Algolia's shape: `{message, status}`; the catalogue's message, or Fastify's translated into it.
    const ours = error instanceof GateError ? error : fromFastify(error);
    if (!(error instanceof GateError) && ours.statusCode >= 500) request.log.error({ err: error }, 'search failed');
    const status = ours.statusCode;
    return reply.code(status).header('cache-control', 'no-store').send({ message: ours.message, status });
  });

  // Only when ALGOLIA_HOSTS names this portal does it stand in for Algolia and honour secured keys
  // (how the browser's Algolia path is tested offline). In production the browser asks Algolia, and
  // this endpoint knows readers by their session alone.
  const portalOrigin = new URL(config.publicUrl).origin;
  const standsInForAlgolia =
    config.search.backend === 'algolia' && (config.search.hosts ?? []).some((h) => new URL(h).origin === portalOrigin);
  const allowedLevels = (request: FastifyRequest): AccessLevel[] => {
    const key = request.headers['x-algolia-api-key'] ?? (request.query as Record<string, unknown>)['x-algolia-api-key'];
    if (standsInForAlgolia && typeof key === 'string' && config.search.searchApiKey) {
      const restrictions = restrictionsOf(key, config.search.searchApiKey);
      if (!restrictions) throw searchKeyRefused('Invalid API key');
      const indices = restrictions.get('restrictIndices');
      if (indices && !indices.split(',').includes(config.search.indexName))
        throw searchKeyRefused('Index not allowed with this API key');
      const groups = parseFilters(restrictions.get('filters') ?? '');
      return ACCESS_LEVELS.filter((level) =>
        filtersAdmit(groups, (attribute) => (attribute === 'access' ? level : null)),
      );
    }
    if (request.identity === null) throw unauthenticated('Sign in to search the Tala documentation.');
    return [...access.levels(request.identity)];
  };

  const perReader = (request: FastifyRequest) =>
    isHeavy(request) ? config.search.rate.heavyPerMinute : config.search.rate.perMinute;
  // The reader's budget is the route's rate limit below; the address's is this one.
  const chargeAddress = addressBudget(fastify, (request) => ({
    kind: `search-${isHeavy(request) ? 'heavy' : 'light'}`,
    perReader: perReader(request),
  }));

  // Algolia's v4 clients send the JSON body as application/x-www-form-urlencoded (no CORS preflight).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post<{ Params: { indexName: string } }>('/1/indexes/:indexName/queries', {
    bodyLimit: BODY_LIMIT,
    // Who may search, and a bounded, checked body, before the request counts against a budget.
    preHandler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (request.params.indexName !== '*') throw noSuchIndex('Use /1/indexes/*/queries');
      const allowed = allowedLevels(request);
      if (!searcher) throw searchUnavailable();
      const queries = parseMultiQuery(request.body);
      for (const query of queries) {
        if (query.indexName !== config.search.indexName) {
          throw noSuchIndex(`Index ${query.indexName} does not exist`);
        }
      }
      request.searchTask = { task: { queries, allowed, origin }, cost: queries.reduce((n, q) => n + costOf(q), 0) };
      await chargeAddress(request, reply);
    },
    config: {
      rateLimit: {
        hook: 'preHandler',
        // Two budgets per reader: typing in the modal, and the few large pages a script may want.
        keyGenerator: (request) => `${isHeavy(request) ? 'heavy' : 'light'}:${readerKey(request)}`,
        max: async (request) => perReader(request),
        timeWindow: 60_000,
      },
    },
    handler: async (request, reply) => {
      const started = performance.now();
      const { task } = request.searchTask as PreparedSearch;
      const { body, hits } = await (searcher as Searcher).answer(task, readerKey(request));
      logSearches(fastify.log, task.queries, hits);
      fastify.metrics.searchDuration.observe((performance.now() - started) / 1000);
      for (const count of hits) fastify.metrics.searchHits.observe(count);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
}

interface PreparedSearch {
  task: SearchTask;
  cost: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    searchTask?: PreparedSearch;
  }
}

const isHeavy = (request: FastifyRequest) => (request.searchTask?.cost ?? 0) > HEAVY_COST;
