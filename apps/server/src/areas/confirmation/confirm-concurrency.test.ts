import { confirmStones, type StoneCheck } from '@loupe/contract/confirmation';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { orderItems, orders, stones } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { seededRandom as random } from '../../test/seeded-random.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { statusRank } from '../stones/index.ts';

/**
 * The promise: concurrent confirmations of the same stones by different customers end
 * with exactly one order holding each stone, every order complete, and a clear "no longer
 * available" for everyone else. On PostgreSQL the requests truly overlap (a pool of connections);
 * on PGlite they queue on its one connection, and the outcome must be the same.
 */

type Buyer = Awaited<ReturnType<typeof loggedInCustomer>>;
type StoneRow = Awaited<ReturnType<typeof createStones>>[number];
type Outcome = {
  buyer: Buyer;
  picked: StoneRow[];
  status: number;
  body: Record<string, unknown>;
  /** The buyer's orders before the storm. */
  ordersBefore: number;
};

const ordersOf = (customerId: string) =>
  t.deps.db.select().from(orders).where(eq(orders.customerId, customerId));

let t: TestApp;
let buyers: Buyer[];
// Two dozen logins (argon2 by design) on a busy machine: a longer leash than the default hook's.
beforeAll(async () => {
  t = await createTestApp();
  buyers = await Promise.all(
    Array.from({ length: 24 }, (_, i) => loggedInCustomer(t, { firstName: `Buyer${i}` })),
  );
}, 180_000);
afterAll(() => t.close());

function shuffled<T>(list: T[], next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Every buyer confirms their pick at the same moment. */
async function confirmAll(picks: { buyer: Buyer; picked: StoneRow[] }[]): Promise<Outcome[]> {
  const before = await Promise.all(picks.map(({ buyer }) => ordersOf(buyer.id)));
  const answers = await Promise.all(
    picks.map(({ buyer, picked }) =>
      injectRoute(t.app, confirmStones, {
        query: { request_page: 'Searching' },
        headers: bearer(buyer.token),
        rawBody: {
          variants: picked.map((s) => ({ id: s.id, amount: s.amount })),
          comments: `for ${buyer.firstName}`,
        },
      }),
    ),
  );
  return answers.map((res, i) => ({
    ...picks[i]!,
    status: res.statusCode,
    body: json(res),
    ordersBefore: before[i]!.length,
  }));
}

/** What the database says about these stones after the storm. */
async function settle(stoneIds: string[]) {
  const items = await t.deps.db
    .select({
      stoneId: orderItems.stoneId,
      orderId: orderItems.orderId,
      amount: orderItems.amount,
      live: orderItems.live,
    })
    .from(orderItems)
    .where(inArray(orderItems.stoneId, stoneIds));
  const statuses = await t.deps.db
    .select({ id: stones.id, status: stones.status })
    .from(stones)
    .where(inArray(stones.id, stoneIds));
  return { items, sold: new Set(statuses.filter((s) => s.status === statusRank('Sold')).map((s) => s.id)) };
}

/** The proofs every scenario must pass. */
async function expectOneOrderPerStone(outcomes: Outcome[], stoneIds: string[]) {
  // No one got an error the product does not mean.
  for (const o of outcomes) {
    expect([200, 409], JSON.stringify(o.body)).toContain(o.status);
  }
  const winners = outcomes.filter((o) => o.status === 200);
  const losers = outcomes.filter((o) => o.status === 409);
  expect(winners.length).toBeGreaterThan(0);

  const { items, sold } = await settle(stoneIds);
  // Each stone is in at most one live order, and a stone is sold exactly when it is in one.
  const liveByStone = new Map<string, number>();
  for (const item of items.filter((i) => i.live))
    liveByStone.set(item.stoneId, (liveByStone.get(item.stoneId) ?? 0) + 1);
  for (const [, count] of liveByStone) expect(count).toBe(1);
  expect(new Set(liveByStone.keys())).toEqual(sold);
  const orderedStones = winners.reduce((n, w) => n + w.picked.length, 0);
  expect(sold.size).toBe(orderedStones);

  // Every winner's order is complete: exactly their stones, totals equal to the sum of the items.
  const soldTo = new Map<string, string>();
  for (const winner of winners) {
    expect(await ordersOf(winner.buyer.id)).toHaveLength(winner.ordersBefore + 1);
    const orderId = (winner.body.order as { id: string }).id;
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.customerId).toBe(winner.buyer.id);
    const own = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(own.map((i) => i.stoneId).sort()).toEqual(winner.picked.map((s) => s.id).sort());
    expect(order!.stoneCount).toBe(own.length);
    const sum = Math.round(own.reduce((s, i) => s + i.amount, 0) * 100) / 100;
    expect(order!.totalAmount).toBe(sum);
    expect(sum).toBe(Math.round(winner.picked.reduce((s, p) => s + p.amount, 0) * 100) / 100);
    for (const s of winner.picked) soldTo.set(s.id, winner.buyer.id);
  }

  // Every loser heard why, naming at least one stone that someone else bought, and owns no order.
  for (const loser of losers) {
    expect(loser.body.code).toBe('STONE_UNAVAILABLE');
    const problems = (loser.body.details as { stones: StoneCheck[] }).stones;
    expect(problems.length).toBeGreaterThan(0);
    const named = problems.filter((p) => p.reason === 'sold');
    expect(named.length).toBeGreaterThan(0);
    for (const p of named) {
      expect(soldTo.get(p.id)).toBeDefined();
      expect(soldTo.get(p.id)).not.toBe(loser.buyer.id);
      expect(loser.body.message).toContain(p.lot_id!);
    }
    expect(await ordersOf(loser.buyer.id)).toHaveLength(loser.ordersBefore);
  }
  return { winners, losers };
}

describe('[CONFIRM] concurrent confirmations', () => {
  it('24 customers each confirming 3 of the same 12 stones at once: one live order per stone, no half-orders, clear answers', async () => {
    const pool = await createStones(
      t.deps.db,
      Array.from({ length: 12 }, (_, i) => ({ lot_id: `LDRACE${1000 + i}`, carats: 0.5 + i / 10 })),
    );
    const next = random(4242);
    // Each buyer sends their stones in their own order: the locks are taken by id regardless.
    const picks = buyers.map((buyer) => ({ buyer, picked: shuffled(pool, next).slice(0, 3) }));
    const outcomes = await confirmAll(picks);
    const { winners, losers } = await expectOneOrderPerStone(
      outcomes,
      pool.map((s) => s.id),
    );
    // 72 picks of 12 stones: someone must have lost.
    expect(losers.length).toBeGreaterThan(0);
    expect(winners.length + losers.length).toBe(24);
  }, 60_000);

  it('20 customers racing for one stone plus two of their own: exactly one wins, the others keep nothing and hear that stone named', async () => {
    const [hot] = await createStones(t.deps.db, [{ lot_id: 'LDHOT0001' }]);
    const racers = buyers.slice(0, 20);
    const own = await createStones(
      t.deps.db,
      racers.flatMap((_, i) => [{ lot_id: `LDOWN${2000 + 2 * i}` }, { lot_id: `LDOWN${2001 + 2 * i}` }]),
    );
    const picks = racers.map((buyer, i) => ({
      buyer,
      picked: i % 2 === 0 ? [hot!, own[2 * i]!, own[2 * i + 1]!] : [own[2 * i + 1]!, own[2 * i]!, hot!],
    }));
    const outcomes = await confirmAll(picks);
    const { winners, losers } = await expectOneOrderPerStone(outcomes, [hot!.id, ...own.map((s) => s.id)]);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.body.message).toBe(
        'LDHOT0001 is no longer available. Nothing was ordered; update your selection.',
      );
    }
    // The losers' own stones were never touched: still available to them.
    const untouched = await t.deps.db
      .select({ status: stones.status })
      .from(stones)
      .where(
        inArray(
          stones.id,
          losers.flatMap((l) => l.picked.filter((s) => s.id !== hot!.id).map((s) => s.id)),
        ),
      );
    expect(untouched).toHaveLength(38);
    expect(untouched.every((s) => s.status === statusRank('Available'))).toBe(true);
  }, 60_000);
});
