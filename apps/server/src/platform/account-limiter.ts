import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Fixed-window counters of attempts (login, codes) on top of the per-IP limit. The caller chooses
 * the key: login counts per account AND source address, so a stranger guessing a password from
 * elsewhere cannot lock the owner out, and email and phone logins of one account count together.
 * Shared through Redis when set.
 */
export interface AccountLimiter {
  /**
   * Counts one attempt for `key`; throws RATE_LIMITED, with the seconds until the window ends as
   * `Retry-After`, when the window's allowance is spent.
   */
  hit(key: string): Promise<void>;
}

const WINDOW_MS = 60_000;

function limited(retryAfterMs: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    'Too many attempts for this account. Please try again in a minute.',
    undefined,
    {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    },
  );
}

export function createMemoryLimiter(max: number, now: () => number = Date.now): AccountLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const at = now();
      let w = windows.get(key);
      if (!w || at - w.start >= WINDOW_MS) {
        w = { start: at, count: 0 };
        windows.set(key, w);
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (at - v.start >= WINDOW_MS) windows.delete(k);
        }
      }
      w.count += 1;
      if (w.count > max) throw limited(w.start + WINDOW_MS - at);
    },
  };
}

export function createRedisLimiter(redis: Redis, max: number): AccountLimiter {
  return {
    async hit(key) {
      const redisKey = `loupe:account-limit:${key}`;
      const count = await redis.incr(redisKey);
      if (count === 1) await redis.pexpire(redisKey, WINDOW_MS);
      if (count > max) {
        const left = await redis.pttl(redisKey);
        throw limited(left > 0 ? left : WINDOW_MS);
      }
    },
  };
}
