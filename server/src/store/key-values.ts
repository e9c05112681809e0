import type { Redis } from 'ioredis';
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

/** A bound on the in-memory store, so that a registration flood cannot exhaust the heap. */
const MAX_MEMORY_ENTRIES = 100_000;

export function memoryKeyValues(now: () => number = Date.now): KeyValues {
  const entries = new Map<string, { value: string; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) entries.delete(key);
    return entries.get(key) ?? null;
  };
  return {
    async set(key, value, ttlSeconds) {
      if (entries.size >= MAX_MEMORY_ENTRIES) {
        for (const [k, entry] of entries) if (entry.until <= now()) entries.delete(k);
        // Still full: the oldest entry goes (a Map iterates in insertion order).
        if (entries.size >= MAX_MEMORY_ENTRIES) entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, { value, until: now() + ttlSeconds * 1000 });
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value ?? null;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

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
