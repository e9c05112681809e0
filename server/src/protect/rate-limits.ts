import { createHash } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Whose budget a request spends: the account (the provider's subject) when signed in, so that the
 * sessions of one account share one budget (six sessions were six budgets); else
 * the session, the Algolia key, or the client address. Hashed: the value is never logged.
 */
export function readerKey(request: FastifyRequest): string {
  const account = request.signIn?.sub ?? request.mcpAuth?.extra?.sub;
  if (typeof account === 'string') return accountKey(account);
  if (request.sessionId) return `s:${request.sessionId}`;
  const key = request.headers['x-algolia-api-key'];
  if (typeof key === 'string') return `k:${hash(key)}`;
  return `ip:${request.ip}`;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The budget key of an account (the provider's subject), however it came: cookie or MCP token. */
export const accountKey = (sub: string) => `a:${hash(sub)}`;

/**
 * Readers behind one address (an office NAT, a load balancer without TRUST_PROXY) share it, so its
 * budget is this many readers' worth: one address with many accounts cannot take a whole replica.
 */
export const READERS_PER_ADDRESS = 10;

/** Charges a request to a budget; throws the catalogue's 429 (with Retry-After) when it is spent. */
export type Charge = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A budget a route charges in its own handler, beside the one of its `config.rateLimit`: same
 * store (Redis when configured), a minute's window. `budgetOf` names the budget and its size.
 */
export function extraBudget(
  app: FastifyInstance,
  budgetOf: (request: FastifyRequest) => { key: string; max: number },
): Charge {
  const limiter = app.createRateLimit({
    keyGenerator: (request) => budgetOf(request).key,
    max: (request) => budgetOf(request).max,
    timeWindow: 60_000,
  });
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const retryAfter = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(retryAfter));
    throw rateLimited(429, retryAfter);
  };
}

/**
 * The address's budget for a route whose own `config.rateLimit` is per reader: READERS_PER_ADDRESS
 * times the reader's allowance, so that many accounts from one address cannot take a replica.
 */
export function addressBudget(
  app: FastifyInstance,
  budgetOf: (request: FastifyRequest) => { kind: string; perReader: number },
): Charge {
  return extraBudget(app, (request) => {
    const { kind, perReader } = budgetOf(request);
    return { key: `${kind}:ip:${request.ip}`, max: perReader * READERS_PER_ADDRESS };
  });
}

/** Sign-in routes: per address, generous for a person, tight for a script hammering the provider. */
export const SIGN_IN_LIMIT: RateLimitOptions = { max: 30, timeWindow: 60_000 };

/** Completed sign-ins per account: a person signs in a few times a day; a script opening sessions does more. */
export const SIGN_INS_PER_ACCOUNT = { max: 20, timeWindow: 3_600_000 } as const;
