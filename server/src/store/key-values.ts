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

interface Entry {
  readonly value: string;
  readonly until: number;
  readonly bytes: number;
}

/** Entries within a bound; when it is reached the expired go, then the least recently set. */
class Partition {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private nextSweep = 0;

  constructor(
    private readonly bound: MemoryBound,
    private readonly now: () => number,
  ) {}

  get(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.now()) return entry;
    this.delete(key);
    return null;
  }

  set(key: string, value: string, ttlSeconds: number): void {
    this.delete(key);
    const bytes = (key.length + value.length) * 2;
    this.makeRoom(bytes);
    this.entries.set(key, { value, until: this.now() + ttlSeconds * 1000, bytes });
    this.bytes += bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private full(adding: number): boolean {
    return this.entries.size + 1 > this.bound.entries || this.bytes + adding > this.bound.bytes;
  }

  private makeRoom(adding: number): void {
    if (!this.full(adding)) return;
    // A full sweep at most once a second: a store kept full must not cost a scan per write.
    const time = this.now();
    if (time >= this.nextSweep) {
      this.nextSweep = time + 1000;
      for (const [key, entry] of this.entries) if (entry.until <= time) this.delete(key);
    }
    // Still full: the least recently set go first (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (!this.full(adding)) break;
      this.delete(key);
    }
  }
}

export function memoryKeyValues(now: () => number = Date.now, bounds = MEMORY_BOUNDS): KeyValues {
  const vouched = new Partition(bounds.vouched, now);
  const provisional = new Partition(bounds.provisional, now);
  const partition = (key: string) => (key.startsWith(PROVISIONAL_PREFIX) ? provisional : vouched);
  return {
    async set(key, value, ttlSeconds) {
      partition(key).set(key, value, ttlSeconds);
    },
    async get(key) {
      return partition(key).get(key)?.value ?? null;
    },
    async take(key) {
      const value = partition(key).get(key)?.value ?? null;
      partition(key).delete(key);
      return value;
    },
    async delete(key) {
      partition(key).delete(key);
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
