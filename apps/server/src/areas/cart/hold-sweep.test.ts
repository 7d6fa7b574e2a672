import { type CartTab, getCart } from '@loupe/contract/cart';
import { listNotices } from '@loupe/contract/notices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { createStones } from '../../app/seed/stone-factory.ts';
import { jobs, stones } from '../../platform/db/schema/index.ts';
import { admin } from '../../test/admin.ts';
import { expectOk } from '../../test/call-route.ts';
import { createTestApp, logInAs, type TestApp } from '../../test/test-app.ts';
import { statusRank } from '../stones/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const MINUTE = 60_000;

type Notices = { notices: { title: string; message: string; target_page: string | null }[] };
type CartAnswer = {
  items: { product: { lot_id: string }; can_confirm: boolean }[];
  counts: Record<CartTab, number>;
};

async function buyer() {
  const c = await createCustomer(t.deps.db, { kycStatus: 'approved' });
  const token = await logInAs(t.app, c.email, c.password);
  return {
    ...c,
    cart: (): Promise<CartAnswer> => expectOk(t.app, getCart, { token }),
    notices: async (): Promise<Notices['notices']> => (await expectOk(t.app, listNotices, { token })).notices,
  };
}

const run = (...args: string[]) => admin(t, ...args);

async function stoneNow(id: string) {
  const [row] = await t.deps.db.select().from(stones).where(eq(stones.id, id));
  return row!;
}

describe('[ORDERS] hold sweep', () => {
  it('returns lapsed holds to stock and tells each customer once; memos and later holds stay', async () => {
    const c = await buyer();
    const other = await buyer();
    const [a, b, later, memo, theirs] = await createStones(t.deps.db, [{}, {}, {}, {}, {}]);
    await run('stone', 'hold', c.email, a!.lotId, b!.lotId, '--days', '1');
    await run('stone', 'hold', c.email, later!.lotId, '--days', '3');
    await run('memo', 'issue', c.email, memo!.lotId, '--days', '1');
    await run('stone', 'hold', other.email, theirs!.lotId, '--days', '1');

    await t.runDueJobs();
    expect((await stoneNow(a!.id)).status).toBe(statusRank('Hold'));
    t.clock.advance(DAY);
    await t.runDueJobs();

    const cart = await c.cart();
    expect(cart.counts).toMatchObject({ active: 2, hold: 1, memo: 1 });
    expect(cart.items.map((i) => i.product.lot_id).sort()).toEqual([a!.lotId, b!.lotId].sort());
    for (const stone of [a!, b!, theirs!]) {
      expect(await stoneNow(stone.id)).toMatchObject({
        status: statusRank('Available'),
        reservedFor: null,
        reservedUntil: null,
      });
    }
    expect((await stoneNow(memo!.id)).status).toBe(statusRank('Memo'));

    const [ended] = await c.notices();
    expect(ended).toMatchObject({ title: 'Hold ended', target_page: 'my-cart:active' });
    expect(ended!.message).toContain(a!.lotId);
    expect(ended!.message).toContain(b!.lotId);
    expect((await other.notices())[0]).toMatchObject({ title: 'Hold ended' });

    // The next sweep a minute later has nothing more to return, and sends no second notice.
    t.clock.advance(MINUTE);
    await t.runDueJobs();
    expect((await c.notices()).filter((n) => n.title === 'Hold ended')).toHaveLength(1);
  });

  it('runs every minute on whichever instance claims it, and several instances return each hold once', async () => {
    const customers = await Promise.all([buyer(), buyer(), buyer()]);
    const held = await createStones(
      t.deps.db,
      customers.flatMap(() => [{}, {}, {}]),
    );
    const holdTwo = async (offset: number) => {
      for (const [i, c] of customers.entries()) {
        const lots = [held[3 * i + offset]!.lotId, ...(offset === 0 ? [held[3 * i + 1]!.lotId] : [])];
        await run('stone', 'hold', c.email, ...lots, '--days', '2');
      }
    };
    await holdTwo(0);
    t.clock.advance(2 * DAY + 1000);

    const second = await createTestApp({ clock: t.clock }, { database: t.database });
    try {
      await Promise.all([t.runDueJobs(), second.runDueJobs()]);
      for (const stone of held.filter((_, i) => i % 3 !== 2)) {
        expect((await stoneNow(stone.id)).status).toBe(statusRank('Available'));
      }

      await holdTwo(2);
      t.clock.advance(2 * DAY + 1000);
      await Promise.all([t.runDueJobs(), second.runDueJobs(), t.runDueJobs()]);
      // Each due minute enqueued one sweep, run once by one instance.
      const sweeps = await t.deps.db.select().from(jobs).where(eq(jobs.name, 'cart.hold-sweep'));
      expect(sweeps.map((j) => [j.state, j.attempts])).toEqual(sweeps.map(() => ['done', 1]));
      for (const c of customers) {
        expect((await c.notices()).filter((n) => n.title === 'Hold ended')).toHaveLength(2);
        expect((await c.cart()).counts).toMatchObject({ active: 3, hold: 0 });
      }
    } finally {
      await second.close();
    }
  });
});
