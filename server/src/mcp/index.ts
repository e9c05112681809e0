/**
 * The docs for AI assistants, behind the same gate: an MCP server at /mcp (protocol 2026-07-28 and
 * the 2025 revisions, stateless, so any replica answers any request: transport.ts) whose clients
 * sign readers in with OAuth against the portal (oauth-routes.ts, consent.ts, authorization.ts).
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AuthInfo, bearerAuthChallengeResponse, verifyBearerToken } from '@modelcontextprotocol/server';
import { API_OPERATIONS_FILE, type ApiOperationEntry, type Identity, MCP_ROUTES } from '@tala/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessDecision } from '../access/open.ts';
import type { GateConfig } from '../config.ts';
import { ConfigError, GateError } from '../errors.ts';
import { accountKey, addressBudget, extraBudget, readerKey } from '../protect/rate-limits.ts';
import type { Searcher } from '../search/searcher.ts';
import type { Stores } from '../store/index.ts';
import { McpAuthorization } from './authorization.ts';
import { ClientMetadataResolver } from './client-metadata.ts';
import { consentRoutes } from './consent.ts';
import { InvalidTokenError, OAuthError } from './oauth-errors.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { mcpSettings } from './settings.ts';
import { mcpServerFor } from './tools.ts';
import { mcpEndpoint, sendResponse } from './transport.ts';

/** The build's API operation pages, for get_api_operation; none when the build has no such file. */
async function loadApiOperations(buildDir: string): Promise<ApiOperationEntry[]> {
  try {
    return JSON.parse(await readFile(path.join(buildDir, API_OPERATIONS_FILE), 'utf8')) as ApiOperationEntry[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ConfigError(`${API_OPERATIONS_FILE} in the build is unreadable; rebuild the site.`, { cause: error });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    mcpAuth?: AuthInfo;
  }
}

export async function mcpRoutes(
  fastify: FastifyInstance,
  opts: { config: GateConfig; access: AccessDecision; searcher: Searcher | null; stores: Stores },
): Promise<void> {
  const { config, access, searcher, stores } = opts;
  const settings = mcpSettings(config);
  const documents = new ClientMetadataResolver({ allowLoopback: config.environment === 'development' });
  const authorization = new McpAuthorization(settings, stores.keyValues, stores.revocations, documents);
  const operations = await loadApiOperations(config.buildDir);
  await fastify.register(oauthRoutes, { settings, authorization });
  await fastify.register(consentRoutes, { authorization, publicUrl: config.publicUrl });

  /**
   * The bearer check with the SDK's own pieces: `verifyBearerToken` (the header's form, the
   * verifier, the audience, expiry) and `bearerAuthChallengeResponse` (RFC 6750 §3 with RFC 9728's
   * pointer to the metadata). A failure that is not an OAuth one is either the catalogue's (Redis
   * away: 503 from the app's handler) or a bug: logged, and answered as an invalid token, never
   * with its internal text.
   */
  const bearer = { verifier: authorization, expectedResource: new URL(settings.resource) };
  const challenge = { resourceMetadataUrl: settings.resourceMetadataUrl };
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.mcpAuth = await verifyBearerToken(request.headers.authorization, { ...bearer, ...challenge });
    } catch (error) {
      if (error instanceof GateError) throw error;
      if (!(error instanceof OAuthError)) request.log.warn({ err: error }, 'mcp token check failed');
      const refusal = error instanceof OAuthError ? error : new InvalidTokenError('Invalid or expired access token');
      request.log.info({ reason: refusal.message }, 'mcp token refused');
      return sendResponse(reply, bearerAuthChallengeResponse(refusal, challenge));
    }
  };

  /**
   * One JSON-RPC message per request. A batch (an array) multiplied one request's work by its
   * length while counting once against the budget (100 list_sections in one POST); MCP dropped
   * batching in 2025-06-18, and no SDK client sends one. Refused in the handler, after the rate
   * limit's preHandler, so that refused batches count too.
   */
  const refuseBatch = (reply: FastifyReply) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Batches are not supported: send one JSON-RPC message per request.' },
        id: null,
      });

  const chargeAddress = addressBudget(fastify, () => ({ kind: 'mcp', perReader: config.mcpCallsPerMinute }));
  // Per reader and method as well (the Mcp-Method header that gateways route on, else the body's
  // method): reading pages is what an assistant does most; listing and discovery, a few times.
  const chargeMethod = extraBudget(fastify, (request) => {
    const method = methodOf(request);
    const max = method === 'tools/call' ? config.mcpCallsPerMinute : Math.ceil(config.mcpCallsPerMinute / 4);
    return { key: `mcp-method:${method}:${readerKey(request)}`, max };
  });
  const endpoint = mcpEndpoint(
    (authInfo) =>
      mcpServerFor(authInfo.extra?.identity as Identity, readerOfToken(authInfo), {
        config,
        access,
        searcher,
        operations,
      }),
    fastify.log,
  );
  fastify.addHook('onClose', () => endpoint.close());

  fastify.post(MCP_ROUTES.mcp, {
    preHandler: authenticate,
    config: {
      rateLimit: {
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `mcp:${readerKey(request)}`,
        // An assistant reads a handful of pages per question (MCP_CALLS_PER_MINUTE, default 240).
        max: config.mcpCallsPerMinute,
        timeWindow: 60_000,
      },
    },
    handler: async (request, reply) => {
      await chargeAddress(request, reply);
      await chargeMethod(request, reply);
      if (Array.isArray(request.body)) return refuseBatch(reply);
      return sendResponse(reply, await endpoint.answer(request, request.mcpAuth as AuthInfo));
    },
  });

  // No server-initiated stream and no sessions to end: only POST carries requests.
  for (const method of ['GET', 'DELETE'] as const) {
    fastify.route({
      method,
      url: MCP_ROUTES.mcp,
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: send requests with POST.' },
            id: null,
          }),
    });
  }
}

/** The JSON-RPC method a request names: its Mcp-Method header (2026), else its body's (2025). */
function methodOf(request: FastifyRequest): string {
  const header = request.headers['mcp-method'];
  const body = (request.body as { method?: unknown } | null)?.method;
  const method = typeof header === 'string' ? header : typeof body === 'string' ? body : 'none';
  return /^[\w/.-]{1,64}$/.test(method) ? method : 'invalid';
}

/** The token's reader as the budgets key them (the account, as for a signed-in page). */
const readerOfToken = (authInfo: AuthInfo) => accountKey(String(authInfo.extra?.sub));
