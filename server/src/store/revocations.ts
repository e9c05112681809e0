import type { Redis } from 'ioredis';
import { sessionStoreUnavailable } from '../errors.ts';

/**
 * Sessions ended before their cookie expires (logout). The sealed cookie cannot be taken back
 * from the browser, so every request checks its session id here (ASVS V3.3.1). An entry lives
 * until the session would have expired anyway, so the list stays as small as the set of
 * logged-out sessions that are still within their lifetime.
 */
export interface RevocationList {
  /** Ends session `sid`; `until` is when its cookie expires on its own (seconds since the epoch). */
  revoke(sid: string, until: number): Promise<void>;
  isRevoked(sid: string): Promise<boolean>;
  /** Whether the list can be consulted now (readiness). */
  ready(): Promise<boolean>;
}

const now = () => Math.floor(Date.now() / 1000);

/** One process (the default): logout on this replica only. Several replicas need Redis. */
export function memoryRevocations(): RevocationList {
  const entries = new Map<string, number>();
  let nextSweep = 0;
  const sweep = () => {
    const time = now();
    if (time < nextSweep) return;
    nextSweep = time + 60;
    for (const [sid, until] of entries) if (until <= time) entries.delete(sid);
  };
  return {
    async revoke(sid, until) {
      sweep();
      entries.set(sid, until);
    },
    async isRevoked(sid) {
      sweep();
      const until = entries.get(sid);
      return until !== undefined && until > now();
    },
    async ready() {
      return true;
    },
  };
}

/** Shared by every replica: `SET tala:revoked:{sid} 1 EXAT {until}`; Redis drops it at expiry. */
export function redisRevocations(redis: Redis, prefix = 'tala:revoked:'): RevocationList {
  return {
    async revoke(sid, until) {
      await redis.set(`${prefix}${sid}`, '1', 'EXAT', Math.max(until, now() + 1)).catch((error: unknown) => {
        throw sessionStoreUnavailable(error);
      });
    },
    async isRevoked(sid) {
      try {
        return (await redis.exists(`${prefix}${sid}`)) === 1;
      } catch (error) {
        throw sessionStoreUnavailable(error);
      }
    },
    async ready() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
  };
}
