import type { BidPlaced } from '@loupe/contract/bidding';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { bidLog, bidRounds, bids, notices, orderItems, stones } from '../../platform/db/schema/index.ts';
import { type Bidder, connectBidder, HEARD } from '../../test/bidding-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { closeRoundJob } from './close-round.ts';

/**
 * Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set, where their
 * transactions truly overlap): bidders on both, every bid acknowledged is stored, each instance's
 * bidders see the other's bids (each stone's news at once, the views after), and the close awards
 * every stone exactly once even when the close job runs on both instances at the same moment.
 */

let a: TestApp;
let b: TestApp;
const open: Bidder[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  a = await createTestApp();
  a.clock.advance(Date.UTC(2026, 10, 25, 9) - a.clock.now().getTime());
  b = await createTestApp({ clock: a.clock }, { database: a.database });
}, 120_000);
afterAll(async () => {
  for (const bidder of open) bidder.close();
  await b.close();
  await a.close();
});

describe('[BIDDING] two instances, one database', () => {
  it('stores every acknowledged bid, shares views across instances and awards each stone once', async () => {
    const urls = [await a.listen(), await b.listen()];
    const fresh = await createStones(
      a.deps.db,
      Array.from({ length: 4 }, (_, i) => ({
        certified_at: new Date(a.clock.now().getTime() - HOUR),
        discount: -30,
        rap: 5000 + i * 1000,
        carats: 1,
      })),
    );
    const customers = await Promise.all(Array.from({ length: 6 }, () => loggedInCustomer(a)));
    const bidders = await Promise.all(customers.map((c, i) => connectBidder(urls[i % 2]!, c.token)));
    open.push(...bidders);
    await Promise.all(bidders.map((bidder) => bidder.refresh()));

    // Each bidder raises on every stone in turn, all at once: some bids lose their race (too low
    // by the time they are stored) and are refused; every acknowledged one must be in the log.
    const acked: (BidPlaced & { customerId: string })[] = [];
    await Promise.all(
      bidders.map(async (bidder, i) => {
        for (let step = 0; step < 6; step += 1) {
          const stone = fresh[(i + step) % fresh.length]!;
          const value = -29.75 + step * 0.5 + (i % 3) * 0.25;
          const answer = await bidder.bid(stone.id, value);
          if ('status' in answer) acked.push({ ...answer, customerId: customers[i]!.id });
          else expect(answer.code).toBe('BID_TOO_LOW');
        }
      }),
    );
    expect(acked.length).toBeGreaterThan(0);
    const log = await a.deps.db.select().from(bidLog);
    for (const ack of acked) {
      expect(log).toContainEqual(
        expect.objectContaining({
          stoneId: ack.product_id,
          customerId: ack.customerId,
          value: ack.bid_value,
        }),
      );
    }
    expect(log).toHaveLength(acked.length);

    // A bidder on instance b sees the highest bid placed through instance a, and vice versa.
    const [round] = await a.deps.db.select().from(bidRounds).where(isNull(bidRounds.closedAt));
    const highest = new Map<string, number>();
    for (const ack of acked)
      highest.set(ack.product_id, Math.max(highest.get(ack.product_id) ?? -100, ack.bid_value));
    for (const bidder of bidders.slice(0, 2)) {
      await expect
        .poll(() => {
          const view = bidder.view();
          const rows = [...(view?.bidStone ?? []), ...(view?.activeStone ?? [])];
          return Object.fromEntries(
            rows.filter((r) => highest.has(r.id)).map((r) => [r.id, r.current_max_bid]),
          );
        })
        .toEqual(Object.fromEntries(highest));
    }
    // Every bidder, on either instance, heard each stone's news in the order of the commits: the
    // last news of each stone is its highest bid.
    for (const bidder of bidders) {
      await expect
        .poll(() => Object.fromEntries(bidder.changes.map((c) => [c.product_id, c.current_max_bid])), HEARD)
        .toEqual(Object.fromEntries(highest));
    }

    // The end: the close job runs on both instances at once, twice over (a runner taken for dead).
    a.clock.advance(round!.endsAt.getTime() - a.clock.now().getTime());
    const context = (t: TestApp) => ({
      db: t.deps.db,
      clock: a.clock,
      log: t.app.log,
      jobId: 'x',
      attempt: 1,
    });
    await Promise.all([
      a.runDueJobs(),
      b.runDueJobs(),
      closeRoundJob.handler({ roundId: round!.id }, context(a)),
      closeRoundJob.handler({ roundId: round!.id }, context(b)),
    ]);

    const sold = await a.deps.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.stoneId,
          fresh.map((s) => s.id),
        ),
      );
    expect(sold.map((s) => s.stoneId).sort()).toEqual([...highest.keys()].sort());
    for (const item of sold) expect(item.discount).toBe(highest.get(item.stoneId));
    const winners = await a.deps.db
      .select()
      .from(bids)
      .where(and(eq(bids.roundId, round!.id), eq(bids.result, 'won')));
    expect(winners).toHaveLength(highest.size);
    const wonNotices = await a.deps.db
      .select()
      .from(notices)
      .where(eq(notices.targetPage, 'your-orders:pendingInvoices'));
    expect(wonNotices).toHaveLength(new Set(winners.map((w) => w.customerId)).size);
    const statuses = await a.deps.db
      .select({ status: stones.status })
      .from(stones)
      .where(inArray(stones.id, [...highest.keys()]));
    expect(new Set(statuses.map((s) => s.status)).size).toBe(1);
  });
});
