import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GateConfig } from '../config.ts';
import { SEARCH_RECORDS_FILE } from './records.ts';
import { searchRoutes } from './routes.ts';
import { type Searcher, startSearcher } from './searcher.ts';
import type { SearchSettings } from './settings.ts';

/**
 * Search, as the gate serves it: the engine built from the build's records at start-up, and the
 * Algolia-wire endpoint. A build without records (an old build, a test fixture) still serves pages;
 * searches then answer 503.
 */
export async function search(fastify: FastifyInstance, opts: { config: GateConfig }): Promise<void> {
  const { config } = opts;
  let searcher: Searcher | null = null;
  if (existsSync(path.join(config.buildDir, SEARCH_RECORDS_FILE))) {
    const started = performance.now();
    const ready = await startSearcher(config.buildDir, config.search.workers);
    searcher = ready;
    fastify.addHook('onClose', () => ready.close());
    fastify.log.info(
      { records: ready.records, workers: config.search.workers, ms: Math.round(performance.now() - started) },
      'search engine ready',
    );
  } else {
    fastify.log.warn(`no ${SEARCH_RECORDS_FILE} in the build: search answers 503 until the site is rebuilt`);
  }
  fastify.readiness.add('search', async () => searcher !== null);
  await fastify.register(searchRoutes, { config, searcher });
}

/** Origins the browser may query (CSP connect-src): Algolia's hosts for the app, or ALGOLIA_HOSTS. */
export function searchConnectTargets(settings: SearchSettings): string[] {
  if (settings.backend !== 'algolia') return [];
  if (settings.hosts) return settings.hosts.map((h) => new URL(h).origin);
  const appId = settings.appId.toLowerCase();
  return [
    `https://${appId}-dsn.algolia.net`,
    `https://${appId}-1.algolianet.com`,
    `https://${appId}-2.algolianet.com`,
    `https://${appId}-3.algolianet.com`,
  ];
}
