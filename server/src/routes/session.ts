import { ROLES } from '@tala/policy';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/session`: who is signed in, for the client (user menu, role check before on-prem
 * navigation). 401 when nobody is: the client then reloads into the login screen.
 */
export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get(
    '/api/session',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['authenticated', 'name', 'username', 'roles', 'onprem'],
            properties: {
              authenticated: { type: 'boolean' },
              name: { type: ['string', 'null'] },
              username: { type: ['string', 'null'] },
              roles: { type: 'array', items: { type: 'string' } },
              onprem: { type: 'boolean' },
            },
          },
          401: {
            type: 'object',
            additionalProperties: false,
            properties: { authenticated: { type: 'boolean' }, error: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const identity = request.identity;
      if (identity === null) {
        return reply.code(401).send({
          authenticated: false,
          error: 'GATE_ERR_UNAUTHENTICATED',
          message: 'Sign in to read the Tala documentation.',
        });
      }
      return {
        authenticated: true,
        name: identity.name,
        username: identity.username ?? null,
        roles: [...identity.roles],
        onprem: identity.roles.includes(ROLES.onprem),
      };
    },
  );
}
