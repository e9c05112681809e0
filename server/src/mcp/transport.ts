/**
 * One POST /mcp in either protocol era, with the SDK's own classification (`isLegacyRequest`):
 * - MCP 2026-07-28 (a stateless core: no initialize, no session; each request carries its version
 *   and capabilities in `_meta`, and Mcp-Method / Mcp-Name headers) through the SDK's
 *   `createMcpHandler`, which checks the headers against the body;
 * - 2025-era clients through a stateless Streamable HTTP transport with JSON answers, as the portal
 *   answered them before (the handler's own 2025 fallback would answer with an event stream).
 * A new McpServer per request, bound to the token's reader, either way: any replica answers.
 */
import { toWebRequest } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

export interface McpEndpoint {
  /** The answer to one POST, as a Web Response (Fastify sends it). */
  answer(request: FastifyRequest, authInfo: AuthInfo): Promise<Response>;
  close(): Promise<void>;
}

export function mcpEndpoint(serverFor: (authInfo: AuthInfo) => McpServer, log: FastifyBaseLogger): McpEndpoint {
  const modern = createMcpHandler(({ authInfo }) => serverFor(authInfo as AuthInfo), {
    legacy: 'reject',
    onerror: (error) => log.info({ reason: error.message }, 'mcp request refused'),
  });
  return {
    async answer(request, authInfo) {
      const web = await toWebRequest(request.raw, request.body);
      if (!(await isLegacyRequest(web, request.body))) {
        return modern.fetch(web, { authInfo, parsedBody: request.body });
      }
      const server = serverFor(authInfo);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(web, { parsedBody: request.body, authInfo });
        // JSON answers are complete once handled: read before the server closes.
        const body = await response.arrayBuffer();
        return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers: response.headers });
      } finally {
        await transport.close();
        await server.close();
      }
    },
    close: () => modern.close(),
  };
}

/** Sends a Web Response through Fastify (its hooks, headers and metrics still apply), never cached. */
export function sendResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  reply.header('cache-control', 'private, no-store');
  return reply.send(response.body ?? '');
}
