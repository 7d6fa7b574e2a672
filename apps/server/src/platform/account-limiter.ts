import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Fixed-window counters for attempts per account (login, OTP), on top of the per-IP limit, so a
 * botnet spread over many addresses still cannot hammer one account. Shared through Redis when set.
 */
export interface AccountLimiter {
  /** Counts one attempt for `key`; throws RATE_LIMITED when the window's allowance is spent. */
  hit(key: string): Promise<void>;
}

const WINDOW_MS = 60_000;

export function createMemoryLimiter(max: number): AccountLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || now - w.start >= WINDOW_MS) {
        w = { start: now, count: 0 };
        windows.set(key, w);
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (now - v.start >= WINDOW_MS) windows.delete(k);
        }
      }
      w.count += 1;
      if (w.count > max)
        throw new AppError(
          'RATE_LIMITED',
          'Too many attempts for this account. Please try again in a minute.',
        );
    },
  };
}

export function createRedisLimiter(redis: Redis, max: number): AccountLimiter {
  return {
    async hit(key) {
      const redisKey = `loupe:account-limit:${key}`;
      const count = await redis.incr(redisKey);
      if (count === 1) await redis.pexpire(redisKey, WINDOW_MS);
      if (count > max)
        throw new AppError(
          'RATE_LIMITED',
          'Too many attempts for this account. Please try again in a minute.',
        );
    },
  };
}
