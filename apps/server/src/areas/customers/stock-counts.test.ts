import { getMe } from '@loupe/contract/customers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';
import { cancelBidToBuyEvents, planBidToBuyEvent, rescheduleBidToBuyEvent } from '../portal/index.ts';
import { generateStones } from '../stock-import/index.ts';
import { markSold, statusRank, writeStones } from '../stones/index.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const c = await createCustomer(t.deps.db, { kycStatus: 'approved' });
  token = await logInAs(t.app, c.email, c.password);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
type Counts = {
  new_arrivals_count: number;
  bid_to_buy: { starts_at: string | null; count: number; endTime: string | null };
};

async function me() {
  const res = await injectRoute(t.app, getMe, { headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return json<{ customer: Counts }>(res).customer;
}

/** Stones with the given status, certified `hoursAgo` before the clock. */
async function stock(
  lots: { status: 'Available' | 'Hold' | 'Memo' | 'Sold' | 'BidToBuy'; hoursAgo: number }[],
  first: number,
) {
  const rows = [
    ...generateStones(lots.length, { seed: 'counts', now: t.clock.now(), firstIndex: first }),
  ].map((row, i) => ({
    ...row,
    status: statusRank(lots[i]!.status),
    certifiedAt: new Date(t.clock.now().getTime() - lots[i]!.hoursAgo * HOUR),
  }));
  await writeStones(t.deps.db, rows);
}

describe('[CUSTOMER] stock counts', () => {
  it('counts new arrivals: stones certified within 24 hours a buyer can still get', async () => {
    expect((await me()).new_arrivals_count).toBe(0);
    await stock(
      [
        { status: 'Available', hoursAgo: 1 },
        { status: 'Hold', hoursAgo: 5 },
        { status: 'Memo', hoursAgo: 23.5 },
        { status: 'Sold', hoursAgo: 2 },
        { status: 'BidToBuy', hoursAgo: 3 },
        { status: 'Available', hoursAgo: 25 },
        { status: 'Available', hoursAgo: 24 * 90 },
      ],
      0,
    );
    expect((await me()).new_arrivals_count).toBe(3);
    t.clock.advance(1 * HOUR);
    expect((await me()).new_arrivals_count).toBe(2);
  });

  it('counts the bid-to-buy stones while an event runs, none before its start or without an event (pins)', async () => {
    await cancelBidToBuyEvents(t.deps.db);
    expect((await me()).bid_to_buy).toEqual({ starts_at: null, count: 0, endTime: null });

    await stock(
      [
        { status: 'BidToBuy', hoursAgo: 100 },
        { status: 'BidToBuy', hoursAgo: 200 },
        { status: 'Available', hoursAgo: 300 },
      ],
      100,
    );
    const now = t.clock.now().getTime();
    const event = await planBidToBuyEvent(t.deps.db, {
      name: 'Next',
      startsAt: new Date(now + 2 * 24 * HOUR),
      endsAt: new Date(now + 9 * 24 * HOUR),
      stoneCount: 999,
    });
    // Before the start nothing is open for bidding yet.
    expect((await me()).bid_to_buy).toEqual({
      starts_at: event.startsAt.toISOString(),
      count: 0,
      endTime: null,
    });

    // 1 BidToBuy stone from the first test, 2 from here; the event's stone_count column is not used.
    await rescheduleBidToBuyEvent(t.deps.db, event.id, { startsAt: new Date(now - HOUR) });
    expect((await me()).bid_to_buy).toEqual({
      starts_at: new Date(now - HOUR).toISOString(),
      count: 3,
      endTime: event.endsAt.toISOString(),
    });

    const bidToBuy = await t.deps.db
      .select({ id: stones.id })
      .from(stones)
      .where(eq(stones.status, statusRank('BidToBuy')));
    await t.deps.db.transaction((tx) =>
      markSold(
        tx,
        bidToBuy.map((s) => s.id),
        t.clock.now(),
      ),
    );
    expect((await me()).bid_to_buy.count).toBe(0);
  });
});
