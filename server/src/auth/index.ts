import type { Identity } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GateConfig } from '../config.ts';
import type { RevocationList } from '../store/revocations.ts';
import { sharedCacheMayStore } from './cookies.ts';
import { type IdentityResolver, skipAuthentication } from './identity.ts';
import { OidcClient } from './oidc-client.ts';
import { sessionAuth } from './plugin.ts';
import { skipAuthRoutes } from './skip-routes.ts';

export interface Authentication {
  identity: IdentityResolver;
  /** The /auth/* routes. */
  routes: (fastify: FastifyInstance) => Promise<void>;
  /** Origins the browser is sent to by a form post (logout → the provider's end-session endpoint). */
  formTargets: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader making this request, or null when nobody is signed in. */
    identity: Identity | null;
  }
}

/**
 * Sign-in as one plugin: resolves `request.identity` before any route of the app runs (for every
 * route, hence fastify-plugin: not encapsulated), and serves /auth/*. `identity` overrides the
 * configured resolver (tests inject readers).
 */
export const authPlugin = fp(
  async (fastify: FastifyInstance, opts: { authentication: Authentication; identity?: IdentityResolver }) => {
    const resolve = opts.identity ?? opts.authentication.identity;
    fastify.decorateRequest('identity', null);
    fastify.decorateRequest('sessionId', null);
    fastify.decorateRequest('reauthenticate', false);
    fastify.decorateRequest('signIn', null);
    fastify.addHook('onRequest', async (request, reply) => {
      request.identity = await resolve(request, reply);
    });
    // After @fastify/cookie's own onSend (registered before this plugin, app.ts), which writes the
    // Set-Cookie header: a shared cache may store a public answer whatever Set-Cookie it carries
    // (RFC 9111 §3), and would hand one reader's session to the next visitor.
    // A re-seal or a clear dropped here happens on the reader's next private answer.
    fastify.addHook('onSend', async (_request, reply, payload) => {
      if (reply.hasHeader('set-cookie') && sharedCacheMayStore(reply.getHeader('cache-control'))) {
        reply.removeHeader('set-cookie');
      }
      return payload;
    });
    await fastify.register(opts.authentication.routes);
  },
  { name: 'tala-auth', fastify: '5.x' },
);

/**
 * How this server identifies readers, from the config: skipAuthentication, or OpenID Connect with
 * a configured provider, or with the embedded development provider (started here, stopped with the app).
 */
export async function authentication(
  app: FastifyInstance,
  config: GateConfig,
  revocations: RevocationList,
): Promise<Authentication> {
  const { auth } = config;
  if (auth.mode === 'skip') {
    return { identity: skipAuthentication, routes: skipAuthRoutes(config.pagesPrefix), formTargets: [] };
  }
  let issuer = auth.issuer;
  if (issuer === null) {
    // Loaded only here: a gate with a configured provider never loads oidc-provider (start-up time,
    // and its "Unsupported runtime" warning on a Node build that is not flagged LTS).
    const { startDevIdp } = await import('../dev-idp/index.ts');
    const devIdp = await startDevIdp({
      port: auth.embeddedPort,
      clientId: auth.clientId,
      clientSecret: auth.clientSecret,
      redirectUris: [auth.redirectUri],
      postLogoutRedirectUris: [auth.postLogoutRedirectUri],
    });
    app.addHook('onClose', () => devIdp.close());
    issuer = devIdp.issuer;
    app.log.info({ issuer }, 'embedded development identity provider started');
  }
  const oidc = new OidcClient(auth, issuer);
  app.readiness.add('identity-provider', () => oidc.available());
  const sessions = sessionAuth(auth, oidc, config, revocations);
  return { identity: sessions.identity, routes: sessions.routes, formTargets: [new URL(issuer).origin] };
}
