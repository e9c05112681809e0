import type { Redis } from 'ioredis';
import type { GateConfig } from '../config.ts';
import { type KeyValues, memoryKeyValues, redisKeyValues } from './key-values.ts';
import { connectRedis } from './redis.ts';
import { memoryRevocations, type RevocationList, redisRevocations } from './revocations.ts';

/** State the gate keeps beyond a cookie: in this process, or in Redis shared by every replica. */
export interface Stores {
  redis: Redis | null;
  revocations: RevocationList;
  /** The MCP authorization server's clients, codes and refresh tokens (key-values.ts). */
  keyValues: KeyValues;
  close(): Promise<void>;
}

export async function openStores(config: GateConfig): Promise<Stores> {
  if (config.redisUrl === null) {
    return { redis: null, revocations: memoryRevocations(), keyValues: memoryKeyValues(), close: async () => {} };
  }
  const redis = connectRedis(config.redisUrl);
  // Connect at start-up: a wrong REDIS_URL is a start-up error, not a surprise on the first logout.
  await redis.connect();
  return {
    redis,
    revocations: redisRevocations(redis),
    keyValues: redisKeyValues(redis),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
