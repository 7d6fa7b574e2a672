import { randomUUID } from 'node:crypto';
import { login } from '@loupe/contract/auth';
import { referralCodes } from '@loupe/contract/portal';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLimiter } from '../platform/account-limiter.ts';
import { loadConfig } from '../platform/config.ts';
import { injectRoute } from '../test/call-route.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCustomer } from './seed/factories.ts';

// Two server instances on one database and one Redis, as behind a load balancer.
let redis: Redis;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  // A prefix of our own keeps this run's counters apart from any other run on the same Redis.
  redis = new Redis(process.env.TEST_REDIS_URL!, { keyPrefix: `loupe-test-${randomUUID()}:` });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_IP: '40',
    RATE_LIMIT_PER_ACCOUNT: '10',
  });
  a = await createTestApp({ config, redis, accountLimiter: createRedisLimiter(redis, 10) });
  b = await createTestApp(
    { config, redis, accountLimiter: createRedisLimiter(redis, 10) },
    { database: a.database },
  );
});
afterAll(async () => {
  await b.close();
  await a.close();
  await redis.quit();
});

describe('[AUTH] rate limits shared through Redis', () => {
  it('counts login attempts for one account across instances', async () => {
    const c = await createCustomer(a.deps.db);
    const attempt = (t: TestApp) =>
      injectRoute(t.app, login, { rawBody: { email: c.email, password: 'Wrong-pass-1' } });
    for (let i = 0; i < 5; i++) expect((await attempt(a)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(b)).statusCode).toBe(401);
    const limited = await attempt(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another account is not affected.
    const other = await createCustomer(a.deps.db);
    const res = await injectRoute(b.app, login, {
      rawBody: { email: other.email, password: other.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('counts requests per IP address across instances', async () => {
    const hit = (t: TestApp) => injectRoute(t.app, referralCodes, { remoteAddress: '203.0.113.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await hit(a)).statusCode, (await hit(b)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
  });
});
