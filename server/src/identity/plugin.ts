import type { Identity } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IdentityResolver } from './index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader making this request, or null when nobody is signed in. */
    identity: Identity | null;
  }
}

/** Resolves `request.identity` before any route runs, for every route of the app. */
export const identityPlugin = fp(
  async (fastify: FastifyInstance, opts: { resolve: IdentityResolver }) => {
    fastify.decorateRequest('identity', null);
    fastify.addHook('onRequest', async (request, reply) => {
      request.identity = await opts.resolve(request, reply);
    });
  },
  { name: 'tala-identity', fastify: '5.x' },
);
