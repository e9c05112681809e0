import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for every response. The Content-Security-Policy allows scripts from the portal
 * only, plus the exact inline scripts the build emitted (their hashes are in the access manifest).
 * HSTS is sent only over https: on plain-http localhost it would break the next visit.
 * Helmet itself, built once: @fastify/helmet (3.x) builds a new helmet middleware, directives
 * parsed again, for every request; that was ~5% of a page view's CPU in bench/hardening.
 */
export const securityHeaders = fp(
  async (
    fastify: FastifyInstance,
    opts: { inlineScriptHashes: readonly string[]; formTargets: readonly string[]; connectTargets?: readonly string[] },
  ) => {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...opts.inlineScriptHashes],
          // React and the theme set style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(opts.connectTargets ?? [])],
          mediaSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // The Logout form posts to the portal, which redirects to the identity provider's logout.
          formAction: ["'self'", ...opts.formTargets],
          frameAncestors: ["'none'"],
        },
      },
      // The same rule as frame-ancestors 'none', for browsers that only read the older header.
      frameguard: { action: 'deny' },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    fastify.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
    fastify.addHook('onSend', async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'tala-security-headers' },
);
