import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { type Bidder, connectBidder, HEARD } from '../../test/bidding-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set) and one Redis,
// as behind a load balancer: each instance hears every commit's news from the database itself, so
// the Redis adapter must not carry it a second time.
let redis: Redis;
let a: TestApp;
let b: TestApp;
const urls = new Map<TestApp, string>();
const open: Bidder[] = [];

beforeAll(async () => {
  redis = new Redis(process.env.TEST_REDIS_URL!, { keyPrefix: `loupe-test-${randomUUID()}:` });
  a = await createTestApp({ redis });
  // 09:00 UTC: the day's round closes at 13:00, far from its last 2 minutes.
  a.clock.advance(Date.UTC(2026, 10, 25, 9) - a.clock.now().getTime());
  b = await createTestApp({ redis, clock: a.clock }, { database: a.database });
  urls.set(a, await a.listen()).set(b, await b.listen());
}, 120_000);
afterAll(async () => {
  for (const bidder of open) bidder.close();
  await b?.close();
  await a?.close();
  await redis?.quit();
});

async function bidderOn(t: TestApp, kycStatus: 'approved' | 'pending' = 'approved') {
  const customer = await loggedInCustomer(a, { kycStatus });
  const bidder = await connectBidder(urls.get(t)!, customer.token);
  open.push(bidder);
  return bidder;
}

describe('[BIDDING] a stone’s news across two instances through Redis', () => {
  it('reaches the watching bidders of both instances once per bid, and no customer who is not approved', async () => {
    const [stone] = await createStones(a.deps.db, [
      { certified_at: new Date(a.clock.now().getTime() - 3_600_000), discount: -30, rap: 6000, carats: 1 },
    ]);
    const onA = await bidderOn(a);
    const onB = await bidderOn(b);
    const notApproved = await bidderOn(b, 'pending');
    const { endTime } = await onA.refresh();
    await onB.refresh();
    await expect(notApproved.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });

    const news = [
      { product_id: stone!.id, current_max_bid: -29, bid_count: 1, endTime },
      { product_id: stone!.id, current_max_bid: -28.5, bid_count: 2, endTime },
    ];
    // Each bid once its news was heard: each news then goes out alone, and a copy would show.
    for (const [i, [bidder, value]] of (
      [
        [onA, -29],
        [onB, -28.5],
      ] as const
    ).entries()) {
      expect(await bidder.bid(stone!.id, value)).toMatchObject({ status: 'success' });
      await expect.poll(() => onA.changes, HEARD).toEqual(news.slice(0, i + 1));
      await expect.poll(() => onB.changes, HEARD).toEqual(news.slice(0, i + 1));
      // A round trip through the database on each connection later, still no second copy.
      await onA.refresh();
      await onB.refresh();
      expect(onA.changes).toEqual(news.slice(0, i + 1));
      expect(onB.changes).toEqual(news.slice(0, i + 1));
    }
    await expect(notApproved.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    expect(notApproved.changes).toEqual([]);
  });
});
