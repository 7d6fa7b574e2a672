import { randomUUID } from 'node:crypto';
import { logout, logoutAll } from '@loupe/contract/auth';
import { listNotices, readAllNotices, sendNotice } from '@loupe/contract/notices';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter } from '../platform/account-limiter.ts';
import { admin } from '../test/admin.ts';
import { callRoute, injectRoute } from '../test/call-route.ts';
import { connectSocket, type TestSocket } from '../test/sockets.ts';
import { bearer, createTestApp, json, logInAs, OPERATOR_TOKEN, type TestApp } from '../test/test-app.ts';
import { createCustomer } from './seed/factories.ts';

// Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set) and one Redis,
// as behind a load balancer: a browser's socket may sit on either.
let redis: Redis;
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  // A prefix of our own keeps this run's channels apart from any other run on the same Redis.
  redis = new Redis(process.env.TEST_REDIS_URL!, { keyPrefix: `loupe-test-${randomUUID()}:` });
  a = await createTestApp({ redis, accountLimiter: createMemoryLimiter(100) });
  b = await createTestApp({ redis, accountLimiter: createMemoryLimiter(100) }, { database: a.database });
  urlA = await a.listen();
  urlB = await b.listen();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.quit();
});

async function buyer() {
  const c = await createCustomer(a.deps.db);
  return { ...c, logIn: (on: TestApp) => logInAs(on.app, c.email, c.password) };
}

describe('[REALTIME] across two instances through Redis', () => {
  it('puts both instances on one database, PostgreSQL when TEST_DATABASE_URL is set', () => {
    expect(a.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('delivers a notice raised through instance A to a socket connected to instance B', async () => {
    // Only A dispatches, so the event can reach B's socket through Redis alone.
    await b.app.noticeDispatcher.stop();
    const c = await buyer();
    const onB = await connectSocket(urlB, await c.logIn(b));
    try {
      const sent = await callRoute(a.app, sendNotice, {
        token: OPERATOR_TOKEN,
        params: { email: c.email },
        body: {
          title: 'Invoice ready',
          message: 'INV-7 is ready.',
          target_page: 'your-orders:activeInvoices',
        },
      });
      expect(sent.status, sent.raw.body).toBe(201);
      await expect.poll(() => onB.events.length).toBe(1);
      expect(onB.events[0]).toMatchObject({ change: 'created', notice: { title: 'Invoice ready' } });
      // B serves the notice it heard of from the shared database.
      const list = await injectRoute(b.app, listNotices, { headers: bearer(await c.logIn(b)) });
      expect(json(list)).toMatchObject({ count: 1, unseen_count: 1 });
    } finally {
      onB.close();
    }
  });

  it('tells a tab on B when the customer reads notices on A', async () => {
    const c = await buyer();
    const tokenA = await c.logIn(a);
    const onB = await connectSocket(urlB, await c.logIn(b));
    try {
      await injectRoute(a.app, readAllNotices, { headers: bearer(tokenA) });
      // Nothing was unread: no event. Send one, then read it on A.
      await callRoute(a.app, sendNotice, {
        token: OPERATOR_TOKEN,
        params: { email: c.email },
        body: { title: 'Memo ready', message: 'Memo 12 is ready.' },
      });
      await expect.poll(() => onB.events.length).toBe(1);
      await injectRoute(a.app, readAllNotices, { headers: bearer(tokenA) });
      await expect.poll(() => onB.events.at(-1)).toEqual({ change: 'updated' });
    } finally {
      onB.close();
    }
  });

  it('closes the sockets on B when the customer logs out of all devices on A', async () => {
    const c = await buyer();
    const bystander = await buyer();
    const tokenA = await c.logIn(a);
    const sockets: TestSocket[] = [
      await connectSocket(urlB, await c.logIn(b)),
      await connectSocket(urlB, await c.logIn(b)),
      await connectSocket(urlA, await c.logIn(a)),
    ];
    const other = await connectSocket(urlB, await bystander.logIn(b));
    try {
      const res = await injectRoute(a.app, logoutAll, { headers: bearer(tokenA) });
      expect(res.statusCode).toBe(204);
      expect(await Promise.all(sockets.map((s) => s.closed))).toEqual(
        sockets.map(() => 'io server disconnect'),
      );
      expect(other.socket.connected).toBe(true);
    } finally {
      other.close();
    }
  });

  it('closes only that session’s socket on B when it logs out on A', async () => {
    const c = await buyer();
    const token = await c.logIn(a);
    const same = await connectSocket(urlB, token);
    const another = await connectSocket(urlB, await c.logIn(b));
    try {
      await injectRoute(a.app, logout, { headers: bearer(token) });
      expect(await same.closed).toBe('io server disconnect');
      expect(another.socket.connected).toBe(true);
    } finally {
      another.close();
    }
  });

  it('switches the tabs on both instances once each when maintenance is turned on through A, and back', async () => {
    const c = await buyer();
    const onA = await connectSocket(urlA, await c.logIn(a));
    const onB = await connectSocket(urlB, await c.logIn(b));
    try {
      const end = new Date(a.clock.now().getTime() + 3_600_000).toISOString();
      await admin(a, 'maintenance', 'on', end);
      await admin(a, 'maintenance', 'off');
      // Each instance tells its own sockets: the Redis adapter does not bring a second copy.
      for (const tab of [onA, onB]) {
        // Each was told the state as it connected (off), then the switch once and its end once.
        await expect
          .poll(() => tab.maintenance)
          .toEqual([{ end_date: null }, { end_date: end }, { end_date: null }]);
      }
    } finally {
      await admin(a, 'maintenance', 'off');
      onA.close();
      onB.close();
    }
  });
});
