import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A proxy's id is kept when it is short and plain (a UUID, a hex or base64url token): it is written
 * into every log line and echoed to the client, so nothing longer, no spaces, quotes or control
 * characters that could forge a log field or a header.
 */
const SAFE = /^[\w.:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id if safe, otherwise a new UUID (unique across replicas). */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request, so a reader's report or a proxy's log leads to the gate's lines. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
