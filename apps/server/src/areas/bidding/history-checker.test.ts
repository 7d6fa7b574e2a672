import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { bidLog, bidRounds, bids } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { closeNewArrivalRoundNow } from './close-round.ts';
import { cancelNewArrivalBids, placeNewArrivalBid } from './new-arrivals.ts';

/**
 * The history checker: a randomized concurrent run of bids and cancels (10,000 attempts by 20
 * bidders on 8 stones, all at once), then a replay of the stored log proving no acknowledged bid
 * is missing, bids only go up between cancels, nothing is logged after the close, and each winner
 * holds the highest standing bid (the earlier of equal ones).
 */

let t: TestApp;
const ATTEMPTS = 10_000;
const BIDDERS = 20;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(Date.UTC(2026, 10, 25, 9) - t.clock.now().getTime());
}, 120_000);
afterAll(() => t.close());

/** A small deterministic PRNG, so a failing run can be replayed with its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('[BIDDING] history checker', () => {
  it(`replays ${ATTEMPTS.toLocaleString('en-US')} concurrent attempts: nothing acknowledged lost, raises only, none after close, winners highest`, async () => {
    const stonesOpen = await createStones(
      t.deps.db,
      Array.from({ length: 8 }, () => ({
        certified_at: new Date(t.clock.now().getTime() - 3_600_000),
        discount: -40,
      })),
    );
    const customers = await Promise.all(Array.from({ length: BIDDERS }, () => loggedInCustomer(t)));
    const deps = { db: t.deps.db, clock: t.clock, closeAt: '13:00' };
    const rand = random(Number(process.env.BID_CHECK_SEED ?? 12));
    const acked: { customerId: string; stoneId: string; value: number }[] = [];
    const refused = new Map<string, number>();

    const perBidder = ATTEMPTS / BIDDERS;
    await Promise.all(
      customers.map(async (c) => {
        for (let i = 0; i < perBidder; i += 1) {
          const stone = stonesOpen[Math.floor(rand() * stonesOpen.length)]!;
          try {
            if (rand() < 0.03) {
              await cancelNewArrivalBids(deps, c.id, [stone.id]);
              continue;
            }
            const value = -39.75 + Math.floor(rand() * 120) * 0.25;
            await placeNewArrivalBid(deps, c.id, { product_id: stone.id, bid_value: value });
            acked.push({ customerId: c.id, stoneId: stone.id, value });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            refused.set(err.code, (refused.get(err.code) ?? 0) + 1);
          }
        }
      }),
    );
    expect([...refused.keys()].every((code) => code === 'BID_TOO_LOW')).toBe(true);
    const [round] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.kind, 'new_arrivals'));
    t.clock.advance(1000);
    await closeNewArrivalRoundNow(t.deps.db, t.clock, '13:00');

    const log = (await t.deps.db.select().from(bidLog).where(eq(bidLog.roundId, round!.id))).sort(
      (a, b) => a.seq - b.seq,
    );
    const [closed] = await t.deps.db.select().from(bidRounds).where(eq(bidRounds.id, round!.id));

    // 1. Every acknowledged bid is in the log.
    const logged = new Map<string, number>();
    for (const e of log)
      if (e.action === 'bid') {
        const key = `${e.customerId}/${e.stoneId}/${e.value}`;
        logged.set(key, (logged.get(key) ?? 0) + 1);
      }
    for (const a of acked) expect(logged.has(`${a.customerId}/${a.stoneId}/${a.value}`)).toBe(true);
    expect(log.filter((e) => e.action === 'bid')).toHaveLength(acked.length);

    // 2. Raises only between cancels; 3. nothing at or after the close.
    const standing = new Map<string, { value: number; seq: number }>();
    for (const e of log) {
      expect(e.at.getTime()).toBeLessThan(closed!.closedAt!.getTime());
      const key = `${e.customerId}/${e.stoneId}`;
      if (e.action === 'cancel') {
        standing.delete(key);
        continue;
      }
      const before = standing.get(key);
      if (before) expect(e.value!).toBeGreaterThan(before.value);
      standing.set(key, { value: e.value!, seq: e.seq });
    }

    // 4. Each stone's winner holds the highest standing bid, the earlier of equal ones.
    const best = new Map<string, { customerId: string; value: number; seq: number }>();
    for (const [key, s] of standing) {
      const [customerId, stoneId] = key.split('/') as [string, string];
      const current = best.get(stoneId);
      if (!current || s.value > current.value || (s.value === current.value && s.seq < current.seq)) {
        best.set(stoneId, { customerId, ...s });
      }
    }
    const winners = await t.deps.db.select().from(bids).where(eq(bids.result, 'won'));
    expect(new Map(winners.map((w) => [w.stoneId, w.customerId]))).toEqual(
      new Map([...best].map(([stoneId, b]) => [stoneId, b.customerId])),
    );
    // At least some raises and cancels went through, and every stone found a winner.
    expect(acked.length).toBeGreaterThan(1000);
    expect(log.some((e) => e.action === 'cancel')).toBe(true);
    expect(winners).toHaveLength(stonesOpen.length);
  }, 600_000);
});
