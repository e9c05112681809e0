import { createHash } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimited } from '../errors.ts';

/**
 * Per-reader request budgets (`@fastify/rate-limit`), counted in Redis when configured so that a
 * reader spread over replicas has one budget. Routes opt in with `config.rateLimit`; nothing is
 * limited globally, so page reads (cheap, served from the build) are never counted.
 */
export async function rateLimits(app: FastifyInstance, redis: Redis | null): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tala:rate:' } : {}),
    // Redis away: the limiter must not take the portal down with it (revocations fail closed instead).
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      rateLimited(context.statusCode, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** Who a budget belongs to: the session, else the Algolia key, else the client address. Never logged. */
export function budgetOwner(request: FastifyRequest): string {
  if (request.sessionId) return `s:${request.sessionId}`;
  const key = request.headers['x-algolia-api-key'];
  if (typeof key === 'string') return `k:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
  return `ip:${request.ip}`;
}

/** Sign-in routes: per address, generous for a person, tight for a script hammering the provider. */
export const SIGN_IN_LIMIT: RateLimitOptions = { max: 30, timeWindow: 60_000 };
