import {
  type AccessLevel,
  FORBIDDEN_ROUTE,
  isHashedAsset,
  LOGIN_ROUTE,
  NOT_FOUND_FILE,
  pageFileOf,
} from '@tala/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound, unauthenticated } from '../errors.ts';
import type { FileCache } from './file-cache.ts';
import type { AccessDecision } from './open.ts';

const LOGIN_FILE = pageFileOf(LOGIN_ROUTE);

/**
 * Gated pages and files are never stored. Gated hashed assets may be stored by this reader's
 * browser but are revalidated on every use (`no-cache`), so the gate still decides each time
 * (a 304 needs the same access as a 200), while the many repeated loads and prefetches of the
 * same chunk cost a 304 instead of a download and a parse. Logout clears the browser's cache.
 */
function cacheControl(file: string, level: AccessLevel): string {
  if (level !== 'public') return isHashedAsset(file) ? 'private, no-cache' : 'private, no-store';
  return isHashedAsset(file) ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

function queryOf(request: FastifyRequest): string {
  const index = request.raw.url?.indexOf('?') ?? -1;
  return index >= 0 ? (request.raw.url as string).slice(index) : '';
}

/**
 * Serves the build to whom the manifest allows, for every GET/HEAD the other routes do not take.
 * Order: normalise the path, decide who may see the target, then redirect to the canonical
 * spelling or send the file. Pages denied to a visitor who is not signed in get the login screen
 * (401); pages denied for a missing role redirect to /403/; other files get a bare 401/403,
 * never a redirect, so background requests fail cleanly.
 */
export async function gateRoutes(
  fastify: FastifyInstance,
  opts: { access: AccessDecision; files: FileCache; pagesPrefix: string },
): Promise<void> {
  const { access, files, pagesPrefix } = opts;

  const sendLoginScreen = (reply: FastifyReply) =>
    reply
      .code(401)
      .header('cache-control', 'private, no-store')
      .sendFile(LOGIN_FILE, { etag: false, lastModified: false });

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '*',
    // The build's files come precompressed (.br/.gz); compressing the rest per request costs every read.
    compress: false,
    async handler(request, reply) {
      const rawPath = (request.raw.url ?? '/').split('?')[0] ?? '/';
      const identity = request.identity;
      const opened = access.open(identity, rawPath);
      if (opened.kind === 'malformed') throw badRequest('The address is not a valid URL path.');
      const { target, level, isPage } = opened;
      request.routeClass = isPage ? 'page' : 'asset';

      // Nothing below the public level is cacheable by anyone but this reader, redirects and errors included.
      if (level !== 'public') reply.header('cache-control', 'private, no-store');
      if (!opened.allowed) {
        fastify.metrics.denials.inc({ status: identity === null ? '401' : '403', level });
        if (identity === null) {
          if (isPage && request.reauthenticate) {
            // Roles older than SESSION_ROLE_TTL: through the provider again (silent while its session lasts).
            const returnTo = `${rawPath}${queryOf(request)}`;
            return reply.redirect(`${pagesPrefix}/auth/login?returnTo=${encodeURIComponent(returnTo)}`, 302);
          }
          if (isPage) return sendLoginScreen(reply);
          throw unauthenticated();
        }
        if (isPage) return reply.redirect(`${pagesPrefix}${FORBIDDEN_ROUTE}`, 302);
        throw forbidden();
      }

      if (target.kind === 'alias' || target.canonicalPath !== rawPath) {
        if (target.kind !== 'unknown') return reply.redirect(`${target.canonicalPath}${queryOf(request)}`, 301);
      }
      if (opened.file !== null) {
        reply.header('cache-control', cacheControl(opened.file, level));
        if (files.trySend(request, reply, opened.file)) return reply;
        return reply.sendFile(opened.file);
      }
      if (isPage) {
        return reply
          .code(404)
          .header('cache-control', 'private, no-store')
          .sendFile(NOT_FOUND_FILE, { etag: false, lastModified: false });
      }
      throw notFound();
    },
  });
}
