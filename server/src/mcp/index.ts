/**
 * The docs for AI assistants, behind the same gate: an MCP server at /mcp (Streamable HTTP,
 * stateless JSON responses, so any replica answers any request) whose clients sign readers in with
 * OAuth against the portal (oauth-routes.ts, consent.ts, authorization.ts).
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { API_OPERATIONS_FILE, type ApiOperationEntry, type Identity, MCP_ROUTES } from '@tala/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadedManifest } from '../access/manifest.ts';
import type { GateConfig } from '../config.ts';
import { ConfigError } from '../errors.ts';
import type { Searcher } from '../search/searcher.ts';
import type { Stores } from '../store/index.ts';
import { McpAuthorization } from './authorization.ts';
import { consentRoutes } from './consent.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { mcpSettings } from './settings.ts';
import { mcpServerFor } from './tools.ts';

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
  opts: { config: GateConfig; manifest: LoadedManifest; searcher: Searcher | null; stores: Stores },
): Promise<void> {
  const { config, manifest, searcher, stores } = opts;
  const settings = mcpSettings(config);
  const authorization = new McpAuthorization(settings, stores.keyValues, stores.revocations);
  const operations = await loadApiOperations(config.buildDir);
  await fastify.register(oauthRoutes, { settings, authorization });
  await fastify.register(consentRoutes, { authorization, publicUrl: config.publicUrl });

  /** RFC 6750 §3 with RFC 9728's pointer: how a client without a (valid) token learns where to get one. */
  const refuse = (reply: FastifyReply, error?: { code: string; description: string }) => {
    const params = [
      `resource_metadata="${settings.resourceMetadataUrl}"`,
      ...(error ? [`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`] : []),
    ];
    return reply
      .code(401)
      .header('www-authenticate', `Bearer ${params.join(', ')}`)
      .header('cache-control', 'no-store')
      .send({
        error: error?.code ?? 'unauthorized',
        error_description: error?.description ?? 'Sign in: see WWW-Authenticate.',
      });
  };

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([\w.~+/=-]+)$/i.exec(header) : null;
    if (!match) return refuse(reply);
    try {
      request.mcpAuth = await authorization.verifyAccessToken(match[1] as string);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'mcp token refused');
      return refuse(reply, { code: 'invalid_token', description: (error as Error).message });
    }
  };

  fastify.post(MCP_ROUTES.mcp, {
    preHandler: authenticate,
    config: {
      rateLimit: {
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `mcp:${String(request.mcpAuth?.extra?.sid ?? request.ip)}`,
        // An assistant reads a handful of pages per question (MCP_CALLS_PER_MINUTE, default 240).
        max: config.mcpCallsPerMinute,
        timeWindow: 60_000,
      },
    },
    handler: async (request, reply) => {
      const identity = request.mcpAuth?.extra?.identity as Identity;
      const server = mcpServerFor(identity, { config, manifest, searcher, operations });
      // Stateless: no session id, JSON answers instead of an event stream (nothing to resume).
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      reply.raw.setHeader('cache-control', 'private, no-store');
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
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
