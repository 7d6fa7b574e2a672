import { listMemoOrders, type MemoOrder } from '@loupe/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoOrder } from '../../app/seed/order-factory.ts';
import { DAY, orderReads } from '../../test/order-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof loggedInCustomer>>;
const { get, list, ago, someStones } = orderReads(() => t);

beforeAll(async () => {
  t = await createTestApp();
  other = await loggedInCustomer(t);
});
afterAll(() => t.close());

describe('[ORDERS] memo orders', () => {
  it('lists the customer’s own memo orders, newest first, with their stones as they are now', async () => {
    const memoCustomer = await loggedInCustomer(t);
    const [a, b, c, d] = await someStones(4);
    const due = new Date(t.clock.now().getTime() + 10 * DAY);
    const older = await createMemoOrder(t.deps.db, t.clock, {
      customerId: memoCustomer.id,
      stoneIds: [a!.id],
      issuedAt: ago(20),
      dueAt: ago(6),
    });
    const newer = await createMemoOrder(t.deps.db, t.clock, {
      customerId: memoCustomer.id,
      stoneIds: [b!.id, c!.id],
      issuedAt: ago(3),
      dueAt: due,
    });
    const theirs = await createMemoOrder(t.deps.db, t.clock, { customerId: other.id, stoneIds: [d!.id] });

    const res = await get(memoCustomer.token, listMemoOrders);
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ memo_orders: MemoOrder[]; count: number }>(res);
    expect(answer.count).toBe(2);
    expect(answer.memo_orders.map((m) => m.id)).toEqual([newer.memoOrder.id, older.memoOrder.id]);
    const [first] = answer.memo_orders;
    expect(first).toMatchObject({
      memo_number: `MEMO-${String(newer.memoOrder.memoNumber).padStart(6, '0')}`,
      status: 'open',
      issued_at: ago(3).toISOString(),
      due_at: due.toISOString(),
      stone_count: 2,
      total_carats: 2.02,
      total_amount: 14_154.14,
    });
    expect(first!.memo_number).toMatch(/^MEMO-\d{6}$/);
    expect(first!.items.map((i) => i.lot_id).sort()).toEqual([b!.lotId, c!.lotId].sort());
    for (const item of first!.items) {
      expect(item).toMatchObject({ status: 'on_memo', amount: 7_077.07 });
      expect(item.product).toMatchObject({
        diamond_status: 'Memo',
        amount: 7_077.07,
        price_per_carat: 7_007,
      });
    }
    expect(answer.memo_orders.flatMap((m) => m.items.map((i) => i.stone_id))).not.toContain(d!.id);

    const open = json<{ count: number }>(
      await get(memoCustomer.token, listMemoOrders, { search: '?status=open' }),
    );
    expect(open.count).toBe(2);
    const closed = json<{ memo_orders: MemoOrder[] }>(
      await get(memoCustomer.token, listMemoOrders, { search: '?status=closed' }),
    );
    expect(closed.memo_orders).toEqual([]);

    const theirList = json<{ memo_orders: MemoOrder[] }>(await get(other.token, listMemoOrders));
    expect(theirList.memo_orders.map((m) => m.id)).toEqual([theirs.memoOrder.id]);
    expect((await list(memoCustomer.token)).count).toBe(0);
  });

  it('withholds the stones’ prices from a customer whose KYC is not approved, but keeps the memo amount', async () => {
    const pendingKyc = await loggedInCustomer(t, { kycStatus: 'pending' });
    const [stone] = await someStones(1);
    await createMemoOrder(t.deps.db, t.clock, { customerId: pendingKyc.id, stoneIds: [stone!.id] });
    const { memo_orders } = json<{ memo_orders: MemoOrder[] }>(await get(pendingKyc.token, listMemoOrders));
    expect(memo_orders[0]!.items[0]).toMatchObject({
      amount: 7_077.07,
      product: { lot_id: stone!.lotId, amount: null, price_per_carat: null, discount: null },
    });
    expect(memo_orders[0]!.total_amount).toBe(7_077.07);
  });

  it('answers an empty list to a customer without memo orders', async () => {
    const res = await get((await loggedInCustomer(t)).token, listMemoOrders);
    expect(json(res)).toEqual({ memo_orders: [], count: 0 });
  });
});
