import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AccessDecision } from '../access/open.ts';
import type { GateConfig } from '../config.ts';
import { searchClickRoute } from './analytics.ts';
import { feedbackRoutes } from './feedback.ts';
import { SEARCH_RECORDS_FILE } from './records.ts';
import { searchRoutes } from './routes.ts';
import { type Searcher, startSearcher } from './searcher.ts';
import type { SearchSettings } from './settings.ts';

/**
 * The engine, built from the build's records at start-up before the app's plugins load (on a busy
 * machine, loading 15k records into each worker can outlast Fastify's 10 s plugin timeout). A build
 * without records (an old build, a test fixture) still serves pages; searches then answer 503.
 */
export async function openSearch(config: GateConfig): Promise<Searcher | null> {
  if (!existsSync(path.join(config.buildDir, SEARCH_RECORDS_FILE))) return null;
  return startSearcher(config.buildDir, config.search.workers);
}

/** Search as the gate serves it: the Algolia-wire endpoint over `searcher`, closed with the app. */
export async function search(
  fastify: FastifyInstance,
  { config, searcher, access }: { config: GateConfig; searcher: Searcher | null; access: AccessDecision },
): Promise<void> {
  if (searcher) {
    fastify.addHook('onClose', () => searcher.close());
    const { records, indexedAtStart } = searcher;
    fastify.log.info(
      { records, workers: config.search.workers, snapshot: indexedAtStart === null },
      'search engine ready',
    );
    if (indexedAtStart) {
      fastify.log.warn(
        `${indexedAtStart}: the search workers indexed the records at start-up (npm run build writes it)`,
      );
    }
  } else {
    fastify.log.warn(`no ${SEARCH_RECORDS_FILE} in the build: search answers 503 until the site is rebuilt`);
  }
  fastify.readiness.add('search', async () => searcher !== null);
  await fastify.register(searchRoutes, { config, searcher, access });
  await fastify.register(searchClickRoute);
  await fastify.register(feedbackRoutes, { publicUrl: config.publicUrl });
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
