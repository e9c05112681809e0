import { Redis } from 'ioredis';

/**
 * The one Redis connection of a gate (REDIS_URL), shared by the revocation list and the rate
 * limiter, so every replica agrees on both. Commands fail fast when Redis is away (no offline
 * queue, one retry): a request then fails closed (see revocations.ts) instead of hanging.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
