import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusRank } from '../../areas/stones/index.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemo } from './demo.ts';
import { DEMO_NEW_ARRIVALS } from './demo-stock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function newArrivals() {
  const since = new Date(t.clock.now().getTime() - DAY);
  const rows = await t.deps.db
    .select({ lotId: stones.lotId, certifiedAt: stones.certifiedAt })
    .from(stones)
    .where(
      sql`${stones.certifiedAt} > ${since.toISOString()} AND ${stones.status} = ${statusRank('Available')}`,
    );
  return rows;
}

async function stockCount() {
  const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(stones);
  return row!.n;
}

describe('[STOCK] demo stock', () => {
  it('stocks the demo on the first start only, and has new arrivals at every start', async () => {
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    expect(await stockCount()).toBe(600);
    const first = await newArrivals();
    expect(first.length).toBeGreaterThanOrEqual(DEMO_NEW_ARRIVALS);

    // Two days later the first new arrivals have aged out; the next start brings the same few back.
    t.clock.advance(2 * DAY);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    expect(await stockCount()).toBe(600);
    const later = await newArrivals();
    expect(later).toHaveLength(DEMO_NEW_ARRIVALS);
    const now = t.clock.now().getTime();
    for (const stone of later) {
      expect(now - stone.certifiedAt.getTime()).toBeGreaterThan(0);
      expect(now - stone.certifiedAt.getTime()).toBeLessThan(DAY);
    }
    const lots = later.map((s) => s.lotId).sort();
    // A start soon after leaves them as they are; one two hours later re-dates them.
    t.clock.advance(10 * 60_000);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    expect(await newArrivals()).toEqual(later);
    t.clock.advance(2 * 3_600_000);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    const redated = await newArrivals();
    expect(redated.map((s) => s.lotId).sort()).toEqual(lots);
    expect(Math.max(...redated.map((s) => s.certifiedAt.getTime()))).toBe(
      t.clock.now().getTime() - 5 * 60_000,
    );
    t.clock.advance(3 * DAY);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    expect((await newArrivals()).map((s) => s.lotId).sort()).toEqual(lots);
  });

  it('adds no stock when the database already has stones, and none when asked for none', async () => {
    await seedDemo(t.deps.db, t.clock, { stones: 5_000 });
    expect(await stockCount()).toBe(600);
    await seedDemo(t.deps.db, t.clock);
    expect(await stockCount()).toBe(600);
  });
});
