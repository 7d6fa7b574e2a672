import { addToCart, type CartTab, getCart } from '@loupe/contract/cart';
import { listNotices } from '@loupe/contract/notices';
import { listMemoOrders, listOrders } from '@loupe/contract/orders';
import type { ResponseOf, RouteDef } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusRank } from '../../areas/stones/index.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { admin } from '../../test/admin.ts';
import { type CallInput, expectOk, injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';
import { createCustomer } from '../seed/factories.ts';
import { createOrder } from '../seed/order-factory.ts';
import { createStones } from '../seed/stone-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

type Notices = { notices: { title: string; message: string; target_page: string | null }[] };
type CartAnswer = {
  items: { product: { lot_id: string }; tab: CartTab; reservation: unknown; can_confirm: boolean }[];
  counts: Record<CartTab, number>;
};
type Orders = ResponseOf<typeof listOrders>;
type MemoOrders = ResponseOf<typeof listMemoOrders>;

const run = (...args: string[]) => admin(t, ...args);

/** A logged-in customer with the reads a buyer has: cart tabs, orders, memo orders, notices. */
async function buyer(input: Parameters<typeof createCustomer>[1] = {}) {
  const c = await createCustomer(t.deps.db, { kycStatus: 'approved', ...input });
  const token = await logInAs(t.app, c.email, c.password);
  const get = <R extends RouteDef>(route: R, input: Pick<CallInput<R>, 'query' | 'search'> = {}) =>
    expectOk(t.app, route, { ...input, token });
  return {
    ...c,
    token,
    cart: (tab: CartTab = 'active'): Promise<CartAnswer> => get(getCart, { query: { tab } }),
    orders: (query = ''): Promise<Orders> => get(listOrders, { search: `?expand=items,history${query}` }),
    memoOrders: (): Promise<MemoOrders> => get(listMemoOrders),
    notices: async (): Promise<Notices['notices']> => (await get(listNotices)).notices,
  };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

async function stock(n: number, status: StoneStatus = 'Available') {
  return createStones(
    t.deps.db,
    Array.from({ length: n }, () => ({ status })),
  );
}

async function stoneNow(id: string) {
  const [row] = await t.deps.db.select().from(stones).where(eq(stones.id, id));
  return row!;
}

const lotsIn = (cart: CartAnswer) => cart.items.map((i) => i.product.lot_id).sort();

/** Nothing a buyer sees changed: no notice, the stone still Available and not in their cart. */
async function expectUntouched(c: Buyer, stoneIds: string[], noticesBefore: number) {
  expect(await c.notices()).toHaveLength(noticesBefore);
  expect((await c.cart()).items).toHaveLength(0);
  for (const id of stoneIds) expect((await stoneNow(id)).status).toBe(statusRank('Available'));
}

describe('[OPERATOR] stone hold', () => {
  it('holds stones for a customer for two days: in their Hold tab, with a notice', async () => {
    const c = await buyer();
    const other = await buyer();
    const [a, b] = await stock(2);
    const output = await run('stone', 'hold', c.email.toUpperCase(), a!.lotId, b!.lotId.toLowerCase());
    const until = new Date(t.clock.now().getTime() + 2 * DAY).toISOString();
    expect(output).toBe(`2 stones on hold for ${c.email} until ${until}: ${a!.lotId}, ${b!.lotId}.`);

    const hold = await c.cart('hold');
    expect(hold.counts).toMatchObject({ active: 0, hold: 2, memo: 0, sold: 0 });
    expect(lotsIn(hold)).toEqual([a!.lotId, b!.lotId].sort());
    expect(hold.items[0]).toMatchObject({
      tab: 'hold',
      reservation: { kind: 'hold', for_you: true, until },
      can_confirm: true,
    });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Stones on hold for you', target_page: 'my-cart:hold' });
    expect(notice!.message).toContain(a!.lotId);
    expect(notice!.message).toContain('Hold tab');

    // Someone else with the stone in their cart sees it held, and may not confirm it.
    const res = await injectRoute(t.app, addToCart, {
      headers: bearer(other.token),
      rawBody: { variants: [a!.id] },
    });
    expect(res.statusCode).toBe(200);
    const theirs = await other.cart('hold');
    expect(theirs.items[0]).toMatchObject({ reservation: { for_you: false }, can_confirm: false });
    expect(await other.notices()).toHaveLength(0);
  });

  it('takes --days, --until and comma-separated stock numbers; holding again moves the date', async () => {
    const c = await buyer();
    const [a, b, d] = await stock(3);
    const now = t.clock.now().getTime();
    await run('stone', 'hold', c.email, `${a!.lotId},${b!.lotId}`, '--days', '5');
    expect((await stoneNow(a!.id)).reservedUntil).toEqual(new Date(now + 5 * DAY));
    expect((await stoneNow(b!.id)).reservedUntil).toEqual(new Date(now + 5 * DAY));

    const until = new Date(now + 36 * 3_600_000);
    until.setUTCMilliseconds(0);
    const output = await run('stone', 'hold', c.email, a!.lotId, d!.lotId, '--until', until.toISOString());
    expect(output).toContain(`until ${until.toISOString()}`);
    expect((await stoneNow(a!.id)).reservedUntil).toEqual(until);
    const hold = await c.cart('hold');
    expect(hold.counts.hold).toBe(3);
    expect(await c.notices()).toHaveLength(2);
  });

  it('changes nothing when a stone is not available, unknown, or the command is wrong', async () => {
    const c = await buyer();
    const someoneElse = await buyer();
    const [free, free2] = await stock(2);
    const [sold] = await stock(1, 'Sold');
    const [memo] = await stock(1, 'Memo');
    const [bidToBuy] = await stock(1, 'BidToBuy');
    const [held] = await stock(1);
    await run('stone', 'hold', someoneElse.email, held!.lotId);
    const heldForOther = await someoneElse.notices();

    for (const taken of [sold!, memo!, bidToBuy!, held!]) {
      await expect(run('stone', 'hold', c.email, free!.lotId, taken.lotId)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(
          new RegExp(`${taken.lotId} is (sold|on memo|in the bid-to-buy event|on hold)`),
        ),
      });
    }
    await expect(run('stone', 'hold', c.email, free!.lotId, 'LD-NO-SUCH')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('LD-NO-SUCH'),
    });
    await expect(run('stone', 'hold', 'nobody@example.test', free!.lotId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const args of [
      [c.email],
      [],
      [c.email, free!.lotId, '--days', '0'],
      [c.email, free!.lotId, '--days', 'two'],
      [c.email, free!.lotId, '--until', new Date(t.clock.now().getTime() - 1000).toISOString()],
      [c.email, free!.lotId, '--until', 'tomorrow'],
      [c.email, free!.lotId, '--days', '2', '--until', '2099-01-01'],
      [c.email, free!.lotId, '--forever'],
    ]) {
      await expect(run('stone', 'hold', ...args)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expectUntouched(c, [free!.id, free2!.id], 0);
    expect(await someoneElse.notices()).toHaveLength(heldForOther.length);
    expect((await stoneNow(held!.id)).reservedFor).toBe(someoneElse.id);
  });
});

describe('[OPERATOR] memo issue', () => {
  it('sends stones on memo: a memo order, the Memo tab and a notice', async () => {
    const c = await buyer();
    const [a, b] = await stock(2);
    const output = await run('memo', 'issue', c.email, a!.lotId, b!.lotId);
    const due = new Date(t.clock.now().getTime() + 14 * DAY).toISOString();
    expect(output).toMatch(new RegExp(`^MEMO-\\d{6} issued to ${c.email}: .*, due back by ${due}\\.$`));

    const { memo_orders } = await c.memoOrders();
    expect(memo_orders).toHaveLength(1);
    expect(memo_orders[0]).toMatchObject({
      memo_number: output.slice(0, 11),
      status: 'open',
      due_at: due,
      stone_count: 2,
    });
    expect(memo_orders[0]!.items.map((i) => i.status)).toEqual(['on_memo', 'on_memo']);

    const memo = await c.cart('memo');
    expect(memo.counts).toMatchObject({ active: 0, memo: 2 });
    expect(memo.items[0]).toMatchObject({ reservation: { kind: 'memo', for_you: true, until: due } });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Stones on memo', target_page: 'my-cart:memo' });
    expect(notice!.message).toContain(output.slice(0, 11));
  });

  it('takes a stone on hold for the same customer, and --days', async () => {
    const c = await buyer();
    const [a] = await stock(1);
    await run('stone', 'hold', c.email, a!.lotId);
    await run('memo', 'issue', c.email, a!.lotId, '--days', '7');
    expect((await c.cart('memo')).counts).toMatchObject({ hold: 0, memo: 1 });
    expect((await c.memoOrders()).memo_orders[0]!.due_at).toBe(
      new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    );
  });

  it('refuses a customer without approved KYC and stones not available, changing nothing', async () => {
    const pending = await buyer({ kycStatus: 'pending' });
    const c = await buyer();
    const [a] = await stock(1);
    const [sold] = await stock(1, 'Sold');
    await expect(run('memo', 'issue', pending.email, a!.lotId)).rejects.toMatchObject({
      code: 'KYC_REQUIRED',
      message: expect.stringContaining(pending.email),
    });
    await expect(run('memo', 'issue', c.email, a!.lotId, sold!.lotId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${sold!.lotId} is sold`),
    });
    await expectUntouched(pending, [a!.id], 0);
    await expectUntouched(c, [a!.id], 0);
    expect((await c.memoOrders()).memo_orders).toHaveLength(0);
  });
});

describe('[OPERATOR] stone release', () => {
  it('ends a hold: the stone is Active again for everyone, and the customer is told', async () => {
    const c = await buyer();
    const [a] = await stock(1);
    await run('stone', 'hold', c.email, a!.lotId);
    t.clock.advance(60_000); // the bell lists newest first
    expect(await run('stone', 'release', a!.lotId)).toBe(`Available again (hold released on ${a!.lotId}).`);
    const active = await c.cart('active');
    expect(active.counts).toMatchObject({ active: 1, hold: 0 });
    expect(active.items[0]).toMatchObject({ reservation: null, can_confirm: true });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Hold released', target_page: 'my-cart:active' });
    expect((await stoneNow(a!.id)).reservedFor).toBeNull();
  });

  it('takes stones back from memo; the memo closes when the last one is back', async () => {
    const c = await buyer();
    const [a, b] = await stock(2);
    await run('memo', 'issue', c.email, a!.lotId, b!.lotId);
    t.clock.advance(60_000); // the bell lists newest first

    await run('stone', 'release', a!.lotId);
    let [memo] = (await c.memoOrders()).memo_orders;
    expect(memo!.status).toBe('open');
    expect(Object.fromEntries(memo!.items.map((i) => [i.lot_id, i.status]))).toEqual({
      [a!.lotId]: 'returned',
      [b!.lotId]: 'on_memo',
    });
    expect((await c.cart('memo')).counts).toMatchObject({ active: 1, memo: 1 });
    expect((await c.notices())[0]).toMatchObject({ title: 'Memo return received' });

    await run('stone', 'release', b!.lotId);
    [memo] = (await c.memoOrders()).memo_orders;
    expect(memo!.status).toBe('closed');
    expect(memo!.items.every((i) => i.status === 'returned')).toBe(true);
    expect((await c.cart()).counts).toMatchObject({ active: 2, memo: 0 });
  });

  it('refuses stones neither on hold nor on memo, changing nothing', async () => {
    const c = await buyer();
    const [a, free] = await stock(2);
    await run('stone', 'hold', c.email, a!.lotId);
    await expect(run('stone', 'release', a!.lotId, free!.lotId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${free!.lotId} (Available)`),
    });
    await expect(run('stone', 'release')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run('stone', 'release', 'LD-NO-SUCH')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await c.cart('hold')).counts.hold).toBe(1);
    expect(await c.notices()).toHaveLength(1);
  });
});

describe('[OPERATOR] order invoice, ship, deliver, cancel', () => {
  async function pendingOrder(c: Buyer, n = 2) {
    const bought = await stock(n);
    const { order } = await createOrder(t.deps.db, t.clock, {
      customerId: c.id,
      stoneIds: bought.map((s) => s.id),
    });
    return { order, stones: bought, id: String(order.displayId).padStart(6, '0') };
  }

  it('moves an order from Pending to In-transit to Past, telling the buyer at each step', async () => {
    const c = await buyer();
    const { order, id } = await pendingOrder(c);
    expect((await c.orders('&invoice_status=pending')).orders.map((o) => o.id)).toEqual([order.id]);

    expect(await run('order', 'invoice', id)).toBe(`order ${id} of ${c.email} invoiced: LD-INV-${id}.`);
    const inTransit = await c.orders('&status=pending&invoice_status=available');
    expect(inTransit.orders).toHaveLength(1);
    expect(inTransit.orders[0]).toMatchObject({
      id: order.id,
      invoice_status: 'available',
      invoice: { number: `LD-INV-${id}`, invoiced_at: t.clock.now().toISOString() },
    });
    expect((await c.orders('&invoice_status=pending')).orders).toHaveLength(0);
    expect((await c.notices())[0]).toMatchObject({
      title: 'Invoice ready',
      target_page: 'your-orders:activeInvoices',
      message: expect.stringContaining(`LD-INV-${id}`),
    });

    t.clock.advance(DAY);
    expect(await run('order', 'ship', String(order.displayId), 'BRK123456789IN')).toBe(
      `order ${id} of ${c.email} shipped (tracking BRK123456789IN).`,
    );
    expect((await c.orders('&status=pending&invoice_status=available')).orders[0]).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: 'BRK123456789IN',
    });
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order shipped',
      target_page: 'your-orders:activeInvoices',
      message: expect.stringContaining('BRK123456789IN'),
    });

    t.clock.advance(DAY);
    expect(await run('order', 'deliver', `#${order.displayId}`)).toBe(`order ${id} of ${c.email} delivered.`);
    const past = await c.orders('&status=completed');
    expect(past.orders).toHaveLength(1);
    expect(past.orders[0]).toMatchObject({ status: 'completed', fulfillment_status: 'delivered' });
    expect(past.orders[0]!.history!.map((h) => h.event)).toEqual([
      'confirmed',
      'invoiced',
      'shipped',
      'delivered',
    ]);
    expect((await c.orders('&status=pending&invoice_status=available')).orders).toHaveLength(0);
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order delivered',
      target_page: 'your-orders:invoicesHistory',
    });
    expect(await c.notices()).toHaveLength(3);
  });

  it('ships without a tracking number', async () => {
    const c = await buyer();
    const { id } = await pendingOrder(c, 1);
    await run('order', 'invoice', id);
    expect(await run('order', 'ship', id)).toBe(`order ${id} of ${c.email} shipped.`);
    expect((await c.orders()).orders[0]).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: null,
    });
  });

  it('refuses each step out of turn, changing nothing', async () => {
    const c = await buyer();
    const { id } = await pendingOrder(c, 1);
    await expect(run('order', 'ship', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('not invoiced yet'),
    });
    await expect(run('order', 'deliver', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('not shipped yet'),
    });
    await run('order', 'invoice', id);
    await expect(run('order', 'invoice', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already invoiced'),
    });
    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('credit note'),
    });
    await run('order', 'ship', id);
    await expect(run('order', 'ship', id, 'X1')).rejects.toMatchObject({ code: 'CONFLICT' });
    await run('order', 'deliver', id);
    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already delivered'),
    });
    const [order] = (await c.orders()).orders;
    expect(order).toMatchObject({ status: 'completed', tracking_number: null });
    expect(order!.history!.map((h) => h.event)).toEqual(['confirmed', 'invoiced', 'shipped', 'delivered']);
    expect(await c.notices()).toHaveLength(3);

    await expect(run('order', 'invoice', '999999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const args of [
      ['invoice'],
      ['invoice', 'LD-INV-1'],
      ['invoice', id, id],
      ['ship', id, 'two words'],
    ]) {
      await expect(run('order', ...args)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('cancels an order not yet invoiced: Failed in Pending, its stones back in stock', async () => {
    const c = await buyer();
    const other = await buyer();
    const { order, id, stones: bought } = await pendingOrder(c, 2);
    expect(await run('order', 'cancel', id, 'Stones', 'sold', 'at', 'the', 'show.')).toBe(
      `order ${id} of ${c.email} canceled; 2 stones back in stock.`,
    );
    const [canceled] = (await c.orders('&invoice_status=pending')).orders;
    expect(canceled).toMatchObject({ id: order.id, status: 'canceled' });
    expect(canceled!.history!.at(-1)).toMatchObject({ event: 'canceled', note: 'Stones sold at the show.' });
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order canceled',
      target_page: 'your-orders:pendingInvoices',
      message: expect.stringContaining('Reason: Stones sold at the show.'),
    });

    // Another buyer may now put the stones in their cart and confirm them.
    const res = await injectRoute(t.app, addToCart, {
      headers: bearer(other.token),
      rawBody: { variants: bought.map((s) => s.id) },
    });
    expect(json<{ added: string[] }>(res).added).toHaveLength(2);
    expect((await other.cart()).items.every((i) => i.can_confirm)).toBe(true);

    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('is canceled'),
    });
    await expect(run('order', 'invoice', id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
