import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The Logout button posts an HTML form (application/x-www-form-urlencoded) whose body carries nothing we read. */
export function acceptLogoutForm(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );
}

/**
 * Whether a POST comes from the portal's own pages (logout CSRF, OWASP's "verifying origin with
 * standard headers"): browsers send `Sec-Fetch-Site` (all current ones) and `Origin` on every
 * POST, and a page cannot forge either. A request that carries neither is not from a browser, so it
 * cannot carry a victim's cookie either; it is still refused, as the check must say yes, not fail to say no.
 */
export function isSameOriginPost(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === new URL(publicUrl).origin;
  return site === 'same-origin';
}
