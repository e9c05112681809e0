/**
 * The reader's side of an MCP authorization: the consent page (`/mcp/consent/`, a React page of the
 * site, gated like any page, so an anonymous visitor signs in first and comes back) reads the
 * request here and answers it. Same-origin only, like logout: another site cannot approve for the
 * reader. A consent is remembered per reader and client, so the page answers at once next time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSameOriginPost } from '../auth/logout-form.ts';
import { badRequest, crossSite, unauthenticated, unknownAuthorization } from '../errors.ts';
import type { Grant, McpAuthorization } from './authorization.ts';

/** Without sign-in (development) the one identity consents as itself, for the session's lifetime. */
function grantOf(request: FastifyRequest): Grant {
  const identity = request.identity;
  if (identity === null) throw unauthenticated();
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: request.signIn?.sub ?? 'skip-authentication',
    name: identity.name,
    username: identity.username ?? null,
    roles: [...identity.roles],
    sid: request.sessionId ?? 'skip-authentication',
    rolesAt: request.signIn?.rolesAt ?? now,
  };
}

export async function consentRoutes(
  fastify: FastifyInstance,
  opts: { authorization: McpAuthorization; publicUrl: string },
): Promise<void> {
  const { authorization, publicUrl } = opts;

  fastify.get<{ Params: { id: string } }>('/api/mcp/authorizations/:id', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const grant = grantOf(request);
    const pending = await authorization.pending(request.params.id);
    if (!pending) throw unknownAuthorization();
    return {
      // Names are the client's own claim, whether registered or in its metadata document: the page
      // says so, and for a document shows where it came from (its host is what the portal checked).
      client: pending.clientName,
      clientDocument: pending.fromDocument ? pending.clientId : null,
      redirectOrigin: new URL(pending.redirectUri).origin,
      reader: grant.name ?? grant.username,
      consented: await authorization.hasConsented(grant.sub, pending.clientId),
    };
  });

  fastify.post<{ Params: { id: string }; Body: { decision?: unknown } }>(
    '/api/mcp/authorizations/:id',
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (!isSameOriginPost(request, publicUrl)) throw crossSite('An authorization');
      const grant = grantOf(request);
      const decision = request.body?.decision;
      if (decision !== 'approve' && decision !== 'deny') {
        throw badRequest('decision must be "approve" or "deny".');
      }
      const redirect =
        decision === 'approve'
          ? await authorization.approve(request.params.id, grant)
          : await authorization.deny(request.params.id);
      if (redirect === null) throw unknownAuthorization();
      request.log.info({ decision }, 'mcp authorization answered');
      return { redirect };
    },
  );
}
