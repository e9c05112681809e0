import { LOGIN_ROUTE } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import { acceptLogoutForm } from './logout-form.ts';
import { safeReturnTo } from './return-to.ts';

/**
 * /auth/* with skipAuthentication (development only): everybody is already signed in, so
 * "sign in" just returns to the page, and "log out" shows the login screen.
 */
export function skipAuthRoutes(pagesPrefix: string) {
  return async (fastify: FastifyInstance): Promise<void> => {
    fastify.get<{ Querystring: { returnTo?: string } }>('/auth/login', async (request, reply) =>
      reply.redirect(safeReturnTo(request.query.returnTo, `${pagesPrefix}/`), 302),
    );
    const logout = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.redirect(`${pagesPrefix}${LOGIN_ROUTE}`, 303);
    acceptLogoutForm(fastify);
    fastify.get('/auth/logout', logout);
    fastify.post('/auth/logout', logout);
    fastify.get('/auth/status', async () => ({ signInAvailable: true }));
  };
}
