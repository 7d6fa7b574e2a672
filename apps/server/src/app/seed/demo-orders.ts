import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { putStonesInCart } from '../../areas/cart/index.ts';
import { memoNumberOf, recordMemoPurchase, recordMemoReturn } from '../../areas/orders/index.ts';
import {
  holdStones,
  lockStonesById,
  moveHoldDates,
  releaseStones,
  statusRank,
} from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { customers, stones } from '../../platform/db/schema/index.ts';
import { createCustomer } from './factories.ts';
import { createMemoOrder, createOrder, type OrderInput } from './order-factory.ts';

/**
 * The demo buyer's cart, orders and memo orders (pins "Demo data": "cart items in every tab,
 * orders in every invoice state, memo orders"). Seeded once, on the first start with stock, in one
 * transaction; the stones on hold, on memo and sold for "someone else" belong to a seed customer of
 * their own, so the other demo accounts stay as the pins describe them. Every later start only
 * moves the demo holds' dates forward, so a hold is always about to lapse, never gone.
 */

export const DEMO_BUYER_EMAIL = 'buyer@loupe.test';
/** The other company that holds, has on memo and bought stones in the demo buyer's cart. */
export const DEMO_OTHER_BUYER_EMAIL = 'dealer@loupe.test';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The buyer's holds lapse in 2 and 5 days, the other company's in 3, counted from each start. */
const BUYER_HOLD_DAYS = [2, 5];
const OTHER_HOLD_DAYS = 3;
/** A start within this time of the last one leaves the holds' dates as they are. */
const HOLDS_FRESH_MS = 60 * 60_000;

/** Stones in the demo buyer's Active tab: one of them bid-to-buy when the stock has such. */
const CART_ACTIVE = 8;
/** Available stones the holds, the memos and the orders below take besides. */
const RESERVED_AND_ORDERED = 24;

export async function seedDemoOrders(db: Database, clock: Clock) {
  const people = await db
    .select({ id: customers.id, email: sql<string>`lower(${customers.email})`, kamId: customers.kamId })
    .from(customers)
    .where(inArray(sql`lower(${customers.email})`, [DEMO_BUYER_EMAIL, DEMO_OTHER_BUYER_EMAIL]));
  const buyer = people.find((p) => p.email === DEMO_BUYER_EMAIL);
  if (!buyer) return;
  const other = people.find((p) => p.email === DEMO_OTHER_BUYER_EMAIL);
  if (other) {
    await refreshDemoHolds(db, clock, buyer.id, other.id);
    return;
  }

  // The last stock numbers: far from the first ones, which the new arrivals re-date.
  const [available, bidToBuy] = await Promise.all([
    db
      .select({ id: stones.id, lotId: stones.lotId })
      .from(stones)
      .where(eq(stones.status, statusRank('Available')))
      .orderBy(desc(sql`lower(${stones.lotId})`))
      .limit(CART_ACTIVE + RESERVED_AND_ORDERED),
    db
      .select({ id: stones.id, lotId: stones.lotId })
      .from(stones)
      .where(eq(stones.status, statusRank('BidToBuy')))
      .orderBy(desc(sql`lower(${stones.lotId})`))
      .limit(1),
  ]);
  const activeCount = CART_ACTIVE - bidToBuy.length;
  // Too little stock (tests seed none unless they ask): no demo orders, tried again next start.
  if (available.length < activeCount + RESERVED_AND_ORDERED) return;

  const pool = available.map((s) => s.id);
  const take = (n: number) => pool.splice(0, n);
  const lotOf = new Map(available.map((s) => [s.id, s.lotId.toLowerCase()]));
  const now = clock.now().getTime();
  const ago = (ms: number) => new Date(now - ms);

  const cartActive = [...take(activeCount), ...bidToBuy.map((s) => s.id)];
  // Sorted by stock number, so the refresh at each start dates them the same way.
  const buyerHolds = take(2).sort((a, b) => lotOf.get(a)!.localeCompare(lotOf.get(b)!));
  const [otherHold] = take(1);
  const [otherMemo] = take(1);
  const soldToOther = take(2);
  const openMemo = take(2);
  const [memoReturned, memoBought] = take(2);

  await db.transaction(async (tx) => {
    const dealer = await createCustomer(tx, {
      email: DEMO_OTHER_BUYER_EMAIL,
      firstName: 'Daniel',
      lastName: 'Klein',
      companyName: 'Klein Brilliants GmbH',
      countryCode: '49',
      phone: '1715550123',
      countryIso2Code: 'DE',
      kycStatus: 'approved',
      kamId: buyer.kamId,
      city: 'Idar-Oberstein',
      country: 'Germany',
    });
    const order = (input: Omit<OrderInput, 'customerId'> & { daysAgo: number }, customerId = buyer.id) =>
      createOrder(tx, clock, { ...input, customerId, createdAt: ago(input.daysAgo * DAY) });

    // Oldest first, so order ids and memo numbers rise with the dates.
    await order({ stoneIds: take(2), delivered: true, daysAgo: 128 });
    const closedMemo = await createMemoOrder(tx, clock, {
      customerId: buyer.id,
      stoneIds: [memoReturned!, memoBought!],
      issuedAt: ago(70 * DAY),
      dueAt: ago(56 * DAY),
    });
    await order({
      stoneIds: [memoBought!],
      delivered: true,
      comment: `Bought from memo ${memoNumberOf(closedMemo.memoOrder.memoNumber)}.`,
      daysAgo: 58,
    });
    await closeDemoMemo(tx, buyer.id, memoReturned!, memoBought!, ago(60 * DAY), ago(58 * DAY));
    await order({ stoneIds: take(2), delivered: true, requestPage: 'DNA', daysAgo: 33 });
    await order({ stoneIds: take(1), status: 'canceled', daysAgo: 16 });
    await order({ stoneIds: soldToOther, delivered: true, daysAgo: 12 }, dealer.id);
    await order({ stoneIds: take(3), shipped: true, daysAgo: 9 });
    await createMemoOrder(tx, clock, {
      customerId: dealer.id,
      stoneIds: [otherMemo!],
      issuedAt: ago(5 * DAY),
      dueAt: new Date(now + 9 * DAY),
    });
    await createMemoOrder(tx, clock, {
      customerId: buyer.id,
      stoneIds: openMemo,
      issuedAt: ago(4 * DAY),
      dueAt: new Date(now + 10 * DAY),
    });
    await order({ stoneIds: take(2), invoiced: true, daysAgo: 4 });
    await order({
      stoneIds: take(1),
      status: 'requires_action',
      requestPage: 'Matching-Pair-Details',
      daysAgo: 2,
    });
    await order({
      stoneIds: take(2),
      comment:
        'Please ship together with the previous order and send the invoice to accounts@shahfinejewels.test.',
      daysAgo: 26 / 24,
    });
    await order({ stoneIds: take(1), requestPage: 'dashboard', daysAgo: 3 / 24 });

    const heldRows = await lockStonesById(tx, [...buyerHolds, otherHold!]);
    const holdFor = async (customerId: string, ids: string[], days: number) =>
      holdStones(
        tx,
        ids.map((id) => heldRows.get(id)!),
        customerId,
        new Date(now + days * DAY),
        ago(HOUR),
      );
    await holdFor(buyer.id, [buyerHolds[0]!], BUYER_HOLD_DAYS[0]!);
    await holdFor(buyer.id, [buyerHolds[1]!], BUYER_HOLD_DAYS[1]!);
    await holdFor(dealer.id, [otherHold!], OTHER_HOLD_DAYS);

    // The cart, newest first: what the buyer added, the sold pair long ago.
    const inCart: [string, Date][] = [
      ...cartActive.map((id, i): [string, Date] => [id, ago((i + 1) * 5 * HOUR)]),
      ...buyerHolds.map((id, i): [string, Date] => [id, ago((i + 1) * 30 * HOUR)]),
      [otherHold!, ago(3 * DAY)],
      [otherMemo!, ago(6 * DAY)],
      ...openMemo.map((id): [string, Date] => [id, ago(4 * DAY)]),
      ...soldToOther.map((id): [string, Date] => [id, ago(20 * DAY)]),
    ];
    for (const [stoneId, addedAt] of inCart) {
      await putStonesInCart(tx, {
        customerId: buyer.id,
        stoneIds: [stoneId],
        at: addedAt,
        whenFull: 'refuse',
      });
    }
  });
}

/** The closed memo: one stone came back, the other was bought (its order is seeded beside it). */
async function closeDemoMemo(
  tx: Tx,
  buyerId: string,
  returnedId: string,
  boughtId: string,
  returnedAt: Date,
  boughtAt: Date,
) {
  const returned = await lockStonesById(tx, [returnedId]);
  await releaseStones(tx, [returned.get(returnedId)!], returnedAt);
  await recordMemoReturn(tx, [returnedId], returnedAt);
  await recordMemoPurchase(tx, buyerId, [boughtId], boughtAt);
}

/**
 * Dates the holds of the demo buyer (by stock number: 2 days, then 5) and of the other company
 * (3 days) from now, in one transaction, unless a start within the last hour dated them so (a
 * start soon after another then writes nothing: decision 038). Holds only: an operator's hold for
 * the demo buyer is dated the same way, which a demo account can live with.
 */
async function refreshDemoHolds(db: Database, clock: Clock, buyerId: string, otherId: string) {
  const now = clock.now().getTime();
  const held = await db
    .select({ id: stones.id, reservedFor: stones.reservedFor, reservedUntil: stones.reservedUntil })
    .from(stones)
    .where(and(eq(stones.status, statusRank('Hold')), inArray(stones.reservedFor, [buyerId, otherId])))
    .orderBy(sql`lower(${stones.lotId})`);
  const buyers = held.filter((h) => h.reservedFor === buyerId);
  const others = held.filter((h) => h.reservedFor === otherId);
  const until = (days: number) => new Date(now + days * DAY);
  const moves: [typeof held, Date][] = [
    [others, until(OTHER_HOLD_DAYS)],
    [buyers.slice(0, 1), until(BUYER_HOLD_DAYS[0]!)],
    [buyers.slice(1), until(BUYER_HOLD_DAYS[1]!)],
  ];
  const datedLately = (hold: (typeof held)[number], target: Date) => {
    const lag = target.getTime() - (hold.reservedUntil?.getTime() ?? 0);
    return lag >= 0 && lag < HOLDS_FRESH_MS;
  };
  if (moves.every(([holds, target]) => holds.every((hold) => datedLately(hold, target)))) return;
  await db.transaction(async (tx) => {
    for (const [holds, target] of moves) {
      const ids = holds.map((h) => h.id);
      await moveHoldDates(tx, ids, target);
    }
  });
}
