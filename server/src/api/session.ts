import type { FastifyInstance } from 'fastify';
import type { AccessDecision } from '../access/open.ts';
import type { GateConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import { securedKeyFor } from '../search/algolia/secured-keys.ts';
import { EMBEDDED_API_KEY } from '../search/settings.ts';

/**
 * `GET /api/session`: who is signed in, for the client (user menu, role check before on-prem
 * navigation). 401 when nobody is: the client then reloads into the login screen.
 */
export async function sessionRoutes(
  fastify: FastifyInstance,
  opts: { config: GateConfig; access: AccessDecision },
): Promise<void> {
  const { access } = opts;
  const { search } = opts.config;
  fastify.get(
    '/api/session',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'username', 'roles'],
            properties: {
              name: { type: ['string', 'null'] },
              username: { type: ['string', 'null'] },
              roles: { type: 'array', items: { type: 'string' } },
              search: {
                type: 'object',
                additionalProperties: false,
                required: ['appId', 'apiKey', 'indexName', 'hosts'],
                properties: {
                  appId: { type: 'string' },
                  apiKey: { type: 'string' },
                  indexName: { type: 'string' },
                  hosts: { type: ['array', 'null'], items: { type: 'string' } },
                  validUntil: { type: 'integer' },
                },
              },
            },
          },
          401: {
            type: 'object',
            additionalProperties: false,
            properties: { error: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const identity = request.identity;
      if (identity === null) {
        const { code, message } = unauthenticated();
        return reply.code(401).send({ error: code, message });
      }
      return {
        name: identity.name,
        username: identity.username ?? null,
        roles: [...identity.roles],
        // Where this reader's searches go (src/search on the client). With Algolia, a secured key
        // whose filters allow only the access levels the reader's roles open.
        search:
          search.backend === 'algolia'
            ? {
                appId: search.appId,
                indexName: search.indexName,
                hosts: search.hosts,
                ...securedKeyFor(search, access.levels(identity)),
              }
            : { appId: search.appId, apiKey: EMBEDDED_API_KEY, indexName: search.indexName, hosts: null },
      };
    },
  );
}
