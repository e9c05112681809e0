import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { sessionStoreUnavailable } from '../errors.ts';

/**
 * Short-lived records the MCP authorization server keeps (registered clients, pending
 * authorizations, authorization codes, refresh tokens, consents): in this process, or in Redis so
 * that a code issued by one replica can be redeemed at another. Values are JSON strings; every
 * entry expires. `take` reads and deletes in one step, so a code or a refresh token is spent once
 * even when two replicas race (Redis GETDEL).
 */
export interface KeyValues {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<string | null>;
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}

/**
 * Keys under this prefix hold what anyone may create without a reader vouching for it
 * (registrations no reader has approved, authorization requests not yet answered). In memory they
 * have a bound of their own, so a flood of them pushes out only each other, never a code, a refresh
 * token or a consent.
 */
export const PROVISIONAL_PREFIX = 'new:';

export interface MemoryBound {
  readonly entries: number;
  /** Of keys and values, counted as UTF-16 (2 bytes a character): an upper bound of their heap size. */
  readonly bytes: number;
}

/** The bounds of the in-memory store, so that no flood of requests can exhaust the heap. */
export const MEMORY_BOUNDS: { readonly vouched: MemoryBound; readonly provisional: MemoryBound } = {
  vouched: { entries: 100_000, bytes: 64 * 1024 * 1024 },
  // A registration is at most 8 KB of JSON (oauth-routes.ts): thousands fit.
  provisional: { entries: 20_000, bytes: 32 * 1024 * 1024 },
};

/**
 * One bounded part of the in-memory store: lru-cache with a lifetime per entry and a size per
 * entry; when a bound is reached the least recently used entry goes. `now` is the clock (tests
 * move it), read on every check (`ttlResolution: 0`).
 */
function partition(bound: MemoryBound, now: () => number): LRUCache<string, string> {
  return new LRUCache<string, string>({
    max: bound.entries,
    maxSize: bound.bytes,
    sizeCalculation: (value, key) => (key.length + value.length) * 2,
    perf: { now },
    ttlResolution: 0,
  });
}

export function memoryKeyValues(now: () => number = Date.now, bounds = MEMORY_BOUNDS): KeyValues {
  const vouched = partition(bounds.vouched, now);
  const provisional = partition(bounds.provisional, now);
  const of = (key: string) => (key.startsWith(PROVISIONAL_PREFIX) ? provisional : vouched);
  return {
    async set(key, value, ttlSeconds) {
      of(key).set(key, value, { ttl: Math.max(1, ttlSeconds * 1000) });
    },
    async get(key) {
      return of(key).get(key) ?? null;
    },
    async take(key) {
      const value = of(key).get(key) ?? null;
      of(key).delete(key);
      return value;
    },
    async delete(key) {
      of(key).delete(key);
    },
  };
}

/**
 * Redis evicts by its own policy (maxmemory), so the bound there is in what may be written:
 * provisional records live an hour at most (an unapproved registration, McpSettings) or ten
 * minutes (an authorization request), and each address may register 20 clients an hour
 * (oauth-routes.ts), every one at most 8 KB. What lives longer (codes, refresh tokens, consents,
 * approved clients) only comes from a reader's approval.
 */
export function redisKeyValues(redis: Redis, prefix = 'tala:mcp:'): KeyValues {
  const guard = async <T>(command: Promise<T>): Promise<T> => {
    try {
      return await command;
    } catch (error) {
      throw sessionStoreUnavailable(error);
    }
  };
  return {
    async set(key, value, ttlSeconds) {
      await guard(redis.set(`${prefix}${key}`, value, 'EX', Math.max(1, Math.ceil(ttlSeconds))));
    },
    get: (key) => guard(redis.get(`${prefix}${key}`)),
    take: (key) => guard(redis.getdel(`${prefix}${key}`)),
    async delete(key) {
      await guard(redis.del(`${prefix}${key}`));
    },
  };
}
