import type { FastifyInstance } from 'fastify';
import type { GateConfig } from '../config.ts';

const nullableString = { type: ['string', 'null'] } as const;

/**
 * Endpoints that anyone may call (policy: PUBLIC_ENDPOINT_PREFIXES): the login screen needs them
 * before anybody is signed in. Response schemas keep any other field from leaking out.
 */
export async function apiRoutes(fastify: FastifyInstance, opts: { config: GateConfig }): Promise<void> {
  const { config } = opts;
  const noStore = { 'cache-control': 'no-store' };

  fastify.get(
    '/api/config',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['msalClientId', 'msalAuthority', 'msalTenantName', 'msalTenantId', 'algoliaIndexName'],
            properties: {
              msalClientId: nullableString,
              msalAuthority: nullableString,
              msalTenantName: nullableString,
              msalTenantId: nullableString,
              algoliaIndexName: nullableString,
            },
          },
        },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(config.runtimeConfig),
  );

  fastify.get(
    '/api/request-access-url',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['requestAccessURL'],
            properties: { requestAccessURL: nullableString },
          },
        },
      },
    },
    async (_request, reply) => reply.headers(noStore).send({ requestAccessURL: config.requestAccessUrl }),
  );
}
