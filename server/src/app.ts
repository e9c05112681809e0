import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { gateRoutes } from './access/gate.ts';
import { loadManifest } from './access/manifest.ts';
import { authentication } from './auth/index.ts';
import type { GateConfig } from './config.ts';
import { GateError } from './errors.ts';
import type { IdentityResolver } from './identity/index.ts';
import { identityPlugin } from './identity/plugin.ts';
import { apiRoutes } from './routes/api.ts';
import { sessionRoutes } from './routes/session.ts';
import { search, searchConnectTargets } from './search/index.ts';
import { securityHeaders } from './security-headers.ts';

export interface BuildAppOptions {
  config: GateConfig;
  /** Overrides the identity chosen from the config (tests, and the sign-in layer). */
  identity?: IdentityResolver;
  logger?: FastifyServerOptions['logger'];
}

/** The gate server as a Fastify app, without listening (server.ts listens; tests inject). */
export async function buildApp({ config, identity, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const manifest = await loadManifest(config.buildDir);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Never log credentials, whatever a serializer or a later log call includes.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    // Paths are normalised by the gate itself (access/resolve-path.ts) before any check.
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 500 },
    bodyLimit: 64 * 1024,
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error instanceof GateError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal', message: 'Something went wrong on our side. Try again later.' });
    }
    const code = error instanceof GateError ? error.code : (error.code ?? 'GATE_ERR_BAD_REQUEST');
    return reply.code(status).send({ error: code, message: error.message });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'GATE_ERR_NOT_FOUND', message: 'Not found.' }),
  );

  const auth = await authentication(app, config);
  await app.register(fastifyCookie);
  await app.register(securityHeaders, {
    inlineScriptHashes: manifest.inlineScriptHashes,
    formTargets: auth.formTargets,
    connectTargets: searchConnectTargets(config.search),
  });
  await app.register(identityPlugin, { resolve: identity ?? auth.identity });
  await app.register(auth.routes);
  await app.register(sessionRoutes, { config });
  // @fastify/static sends the files the gate has allowed: ranges, ETags, precompressed .br/.gz.
  await app.register(fastifyStatic, {
    root: config.buildDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
  });
  await app.register(apiRoutes, { config });
  await app.register(search, { config });
  await app.register(gateRoutes, { manifest });
  return app;
}
