import type { FastifyInstance } from 'fastify';

/** The Logout button posts an HTML form (application/x-www-form-urlencoded) whose body carries nothing we read. */
export function acceptLogoutForm(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );
}
