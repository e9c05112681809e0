import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client). Labels are classes, never identities or full paths: a label
 * per URL or per reader would grow without bound and put who-read-what into the monitoring system.
 */
export type RouteClass = 'page' | 'asset' | 'search' | 'ask' | 'auth' | 'api' | 'health' | 'metrics' | 'other';

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'tala_http_requests_total',
    help: 'Requests answered, by route class and status',
    labelNames: ['class', 'status'] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'tala_http_request_duration_seconds',
    help: 'Time to answer, by route class',
    labelNames: ['class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly denials = new Counter({
    name: 'tala_access_denials_total',
    help: 'Requests refused for access: 401 (not signed in) and 403 (role missing), by the level of what was asked',
    labelNames: ['status', 'level'] as const,
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: 'tala_sign_ins_total',
    help: 'Completed sign-in callbacks, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly revocations = new Counter({
    name: 'tala_session_revocations_total',
    help: 'Sessions ended by logout',
    registers: [this.registry],
  });
  readonly searchDuration = new Histogram({
    name: 'tala_search_duration_seconds',
    help: 'Time to rank and shape one search body (in the worker pool when it has one)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });
  readonly searchHits = new Histogram({
    name: 'tala_search_hits',
    help: 'Hits found per query (nbHits)',
    buckets: [0, 1, 5, 20, 100, 500, 2000, 10000],
    registers: [this.registry],
  });
  readonly shed = new Counter({
    name: 'tala_load_shed_total',
    help: 'Requests refused to protect the others: rate limit (429), busy search pool or event loop (503)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Event-loop lag, heap, GC, handles: prom-client's standard Node.js metrics.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** Set by the route that knows better than its URL pattern (the gate: page or asset). */
    routeClass?: RouteClass;
  }
}

/** What a request was, for its metrics and its spans. */
export function classOf(request: FastifyRequest): RouteClass {
  if (request.routeClass) return request.routeClass;
  const url = request.routeOptions.url ?? '';
  if (url === '/healthz' || url === '/readyz') return 'health';
  if (url.startsWith('/auth/')) return 'auth';
  // Apart from the other /api/ routes: a question costs a retrieval in the search workers, not a lookup.
  if (url === '/api/ask') return 'ask';
  if (url.startsWith('/api/')) return 'api';
  if (url.startsWith('/1/indexes/')) return 'search';
  return 'other';
}

/** Counts every answer of the app into `metrics`. */
export const metricsHooks = fp(
  async (fastify: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    fastify.addHook('onResponse', async (request, reply) => {
      const routeClass = classOf(request);
      metrics.requests.inc({ class: routeClass, status: String(reply.statusCode) });
      metrics.duration.observe({ class: routeClass }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) metrics.shed.inc({ reason: 'rate-limit' });
    });
  },
  { name: 'tala-metrics' },
);

/**
 * `/metrics` on its own port (METRICS_PORT), never on the portal's: readers cannot reach it through
 * the load balancer, and a scrape is never refused by load shedding.
 */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics' || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
