import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { FileCache } from './access/file-cache.ts';
import { gateRoutes } from './access/gate.ts';
import { loadManifest } from './access/manifest.ts';
import { accessDecision } from './access/open.ts';
import { apiRoutes } from './api/config.ts';
import { sessionRoutes } from './api/session.ts';
import { askRoutes } from './ask/route.ts';
import type { IdentityResolver } from './auth/identity.ts';
import { authentication, authPlugin } from './auth/index.ts';
import type { GateConfig } from './config.ts';
import { fromFastify, GateError, notFound } from './errors.ts';
import { jsonCompression } from './http/compression.ts';
import { limitedJsonBodies } from './http/json-body.ts';
import { mcpRoutes } from './mcp/index.ts';
import { healthRoutes, Readiness } from './ops/health.ts';
import { loggerOptions } from './ops/logger.ts';
import { Metrics, metricsHooks } from './ops/metrics.ts';
import { echoRequestId, requestIdOf } from './ops/request-id.ts';
import type { Tracing } from './ops/tracing.ts';
import { loadShedding } from './protect/load-shedding.ts';
import { rateLimits } from './protect/rate-limits.ts';
import { openSearch, search, searchConnectTargets } from './search/index.ts';
import { securityHeaders } from './security-headers.ts';
import { openStores } from './store/index.ts';

export interface BuildAppOptions {
  config: GateConfig;
  /** Overrides the identity chosen from the config (tests, and the sign-in layer). */
  identity?: IdentityResolver;
  logger?: FastifyServerOptions['logger'];
  /** Started by server.ts before this module was imported (ops/tracing.ts); null or absent: off. */
  tracing?: Tracing | null;
}

/** The gate server as a Fastify app, without listening (server.ts listens; tests inject). */
export async function buildApp({ config, identity, logger, tracing }: BuildAppOptions): Promise<FastifyInstance> {
  const manifest = await loadManifest(config.buildDir);
  // Who gets what: the one decision the gate, search and the MCP tools share.
  const access = accessDecision(manifest);
  const [files, searcher] = await Promise.all([
    FileCache.load(config.buildDir, manifest.files.keys()),
    openSearch(config),
  ]);
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Every log line of a request carries its id (`reqId`) and, when tracing, its trace: the child
    // logger is made while the request's HTTP span is active, so even the line after the response has it.
    genReqId: requestIdOf,
    requestIdHeader: false,
    ...(tracing
      ? {
          childLoggerFactory: (parent, bindings, options) =>
            parent.child({ ...bindings, ...tracing.logFields() }, options),
        }
      : {}),
    // A hop count as proxy-addr's trust function (Fastify takes a number too, its types do not).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Paths are normalised by the gate itself (the path model, policy/src/paths.ts) before any check.
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 500 },
    bodyLimit: 64 * 1024,
  });

  // Before any other plugin: the instrumentation must see every hook and route.
  if (tracing) await app.register(tracing.plugin);
  echoRequestId(app);
  app.decorate('metrics', new Metrics());
  app.decorate('readiness', new Readiness());
  await app.register(metricsHooks, { metrics: app.metrics });
  limitedJsonBodies(app);
  app.setErrorHandler((raw: Error & { statusCode?: number; code?: string }, request, reply) => {
    const error = raw instanceof GateError ? raw : fromFastify(raw);
    if (error.statusCode >= 500) {
      if (raw instanceof GateError) {
        // Ours, expected (a dependency is away): its message is safe to show; warn, do not flood.
        request.log.warn({ code: error.code, cause: (error.cause as Error | undefined)?.message }, error.message);
        reply.header('retry-after', '5');
      } else {
        request.log.error({ err: raw }, 'request failed');
      }
    }
    return reply.code(error.statusCode).send({ error: error.code, message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => {
    const { code, message } = notFound();
    return reply.code(404).send({ error: code, message });
  });

  const stores = await openStores(config);
  app.addHook('onClose', () => stores.close());
  if (stores.redis) app.readiness.add('redis', () => stores.revocations.ready());
  await loadShedding(app, config.shedEventLoopDelayMs);
  await rateLimits(app, stores.redis);
  const auth = await authentication(app, config, stores.revocations);
  await app.register(fastifyCookie);
  await jsonCompression(app);
  await app.register(securityHeaders, {
    inlineScriptHashes: manifest.inlineScriptHashes,
    formTargets: auth.formTargets,
    connectTargets: searchConnectTargets(config.search),
  });
  await app.register(authPlugin, { authentication: auth, identity });
  await app.register(sessionRoutes, { config, access });
  // @fastify/static sends the files the gate has allowed: ranges, ETags, precompressed .br/.gz.
  await app.register(fastifyStatic, {
    root: config.buildDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
  });
  await app.register(apiRoutes, { config });
  await app.register(healthRoutes);
  await app.register(search, { config, searcher, access });
  await app.register(mcpRoutes, { config, access, searcher, stores });
  await app.register(askRoutes, { config, access, searcher });
  await app.register(gateRoutes, { access, files, pagesPrefix: config.pagesPrefix });
  return app;
}
