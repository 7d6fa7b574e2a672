import { randomUUID } from 'node:crypto';
import { listNotices } from '@loupe/contract/notices';
import type { ResponseOf } from '@loupe/contract/route';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createMemoOrder } from '../../app/seed/order-factory.ts';
import {
  cartItems,
  memoOrderItems,
  memoOrders,
  notices,
  orderEvents,
  orderItems,
  orders,
  stones,
} from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { addStones, readCart, setStone } from '../../test/cart-kit.ts';
import {
  buyer,
  checked,
  confirm,
  type ErrorAnswer,
  fresh,
  HOUR,
  kam,
  line,
  loner,
  ordersOf,
  pending,
  rival,
  setAmount,
  statusOf,
  t,
  useConfirmWorld,
} from '../../test/confirm-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, json, latestMessage } from '../../test/test-app.ts';

useConfirmWorld();

/** Domain-facts §5 "Confirm flow": the confirmation itself (the world: test/confirm-kit.ts). */

describe('[CONFIRM] confirm', () => {
  it('turns the stones into one order at the prices shown: items, event, notice, stones sold, out of the own cart', async () => {
    const [a, b] = await fresh([
      { lot_id: 'LDCF1001', carats: 1.01, rap: 9800, discount: -30 },
      { lot_id: 'LDCF1002', carats: 0.72, rap: 5200, discount: -25.5, status: 'BidToBuy' },
    ]);
    const [kept] = await fresh([{ lot_id: 'LDCF1003' }]);
    await addStones(t, buyer.token, [a!.id, b!.id, kept!.id]);
    await addStones(t, rival.token, [a!.id]);

    const res = await confirm(buyer, [line(a!), line(b!)], {
      comments: '  Please ship both with the Antwerp parcel.  ',
      page: 'my-cart',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{
      status: string;
      title: string;
      message: string;
      order: { id: string; display_id: number };
    }>(res);
    expect(answer).toMatchObject({ status: 'success', title: 'Order confirmed' });
    const displayId = String(answer.order.display_id).padStart(6, '0');
    expect(answer.message).toContain(`Your order ${displayId} for 2 stones`);

    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, answer.order.id));
    expect(order).toMatchObject({
      customerId: buyer.id,
      displayId: answer.order.display_id,
      status: 'pending',
      invoiceStatus: 'pending',
      comment: 'Please ship both with the Antwerp parcel.',
      requestPage: 'my-cart',
      stoneCount: 2,
      totalCarats: 1.73,
      totalAmount: Math.round((a!.amount + b!.amount) * 100) / 100,
    });
    const items = await t.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => i.lotId).sort()).toEqual(['LDCF1001', 'LDCF1002']);
    const itemA = items.find((i) => i.lotId === 'LDCF1001')!;
    expect(itemA).toMatchObject({
      stoneId: a!.id,
      carats: 1.01,
      rapPerCarat: 9800,
      discount: -30,
      pricePerCarat: 6860,
      amount: 6928.6,
      live: true,
    });
    expect(itemA.stone).toMatchObject({
      lot_id: 'LDCF1001',
      amount: 6928.6,
      price_per_carat: 6860,
      diamond_status: 'Sold',
    });
    const events = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.event)).toEqual(['confirmed']);

    // The stones are sold, to no one else.
    expect(await statusOf(a!.id)).toBe('Sold');
    expect(await statusOf(b!.id)).toBe('Sold');
    expect(await statusOf(kept!.id)).toBe('Available');
    const again = await checked(rival, [line(a!)]);
    expect(again.data[a!.id]!.reason).toBe('sold');

    // Out of the buyer's cart, while the rival's cart shows the stone in its sold tab.
    const own = await readCart(t, buyer.token);
    expect(own.items.map((i) => i.product.id)).toEqual([kept!.id]);
    expect(own.counts).toMatchObject({ active: 1, sold: 0 });
    const theirs = await readCart(t, rival.token, '?tab=sold');
    expect(theirs.items.map((i) => i.product.id)).toEqual([a!.id]);

    // The bell says so, pointing at the pending orders.
    const bell = json<ResponseOf<typeof listNotices>>(
      await injectRoute(t.app, listNotices, { headers: bearer(buyer.token) }),
    );
    expect(bell.notices[0]).toMatchObject({
      title: `Order ${displayId} confirmed`,
      target_page: 'your-orders:pendingInvoices',
    });
    expect(bell.notices[0]!.message).toMatch(
      /^2 stones for \$[\d,.]+\. The sales team is processing your order\.$/,
    );

    // The KAM hears of it by email, after the commit.
    await vi.waitFor(async () => {
      const mail = await latestMessage(t.app, kam.email);
      expect(mail?.subject).toBe(`Rhea Shah (Shah Gems) confirmed 2 stones: order ${displayId}`);
      expect(mail?.body).toContain('LDCF1001');
      expect(mail?.body).toContain('Comment: Please ship both with the Antwerp parcel.');
    });
  });

  it('emails the sales desk for a customer without a KAM, and defaults the request page to Searching', async () => {
    const [stone] = await fresh([{ lot_id: 'LDCF1101' }]);
    const res = await confirm(loner, [line(stone!)]);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(loner.id);
    expect(order).toMatchObject({ requestPage: 'Searching', comment: '', stoneCount: 1 });
    await vi.waitFor(async () => {
      const mail = await latestMessage(t.app, t.deps.config.SALES_DESK_EMAIL);
      expect(mail?.subject).toMatch(/confirmed 1 stone: order \d{6}$/);
    });
  });

  it('is refused with 403 KYC_REQUIRED without approved KYC, and nothing is written', async () => {
    const [stone] = await fresh([{}]);
    const res = await confirm(pending, [line(stone!)]);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'KYC_REQUIRED',
      message: 'Complete your KYC to confirm stones.',
    });
    expect(await statusOf(stone!.id)).toBe('Available');
    expect(await ordersOf(pending.id)).toEqual([]);
  });

  it('catches a price change between the check and the confirmation: 409 PRICE_CHANGED, nothing written', async () => {
    const customer = await loggedInCustomer(t, { kamId: kam.id });
    const [steady, moved] = await fresh([{ lot_id: 'LDCF2001' }, { lot_id: 'LDCF2002' }]);
    await addStones(t, customer.token, [steady!.id, moved!.id]);
    const seen = [line(steady!), line(moved!)];
    expect((await checked(customer, seen)).status).toBe('available');

    await setAmount(moved!.id, moved!.amount - 250);
    const res = await confirm(customer, seen, { comments: 'Both please' });
    expect(res.statusCode).toBe(409);
    const error = json<ErrorAnswer>(res);
    expect(error.code).toBe('PRICE_CHANGED');
    expect(error.message).toContain('LDCF2002');
    expect(error.details!.stones).toEqual([
      expect.objectContaining({
        id: moved!.id,
        reason: 'price_changed',
        amount_seen: moved!.amount,
        amount_now: moved!.amount - 250,
      }),
    ]);

    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await statusOf(steady!.id)).toBe('Available');
    expect(await statusOf(moved!.id)).toBe('Available');
    expect((await readCart(t, customer.token)).counts.active).toBe(2);
    const written = await t.deps.db.select().from(notices).where(eq(notices.customerId, customer.id));
    expect(written).toEqual([]);

    // At the new price it goes through.
    const retry = await confirm(customer, [line(steady!), { id: moved!.id, amount: moved!.amount - 250 }]);
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('refuses stones on hold or memo for someone else, naming them, and orders none of the selection', async () => {
    const customer = await loggedInCustomer(t, { kamId: kam.id });
    const [ok, held, memo, moved] = await fresh([
      { lot_id: 'LDCF3001' },
      { lot_id: 'LDCF3002' },
      { lot_id: 'LDCF3003' },
      { lot_id: 'LDCF3004' },
    ]);
    await setStone(t, held!.id, 'Hold', {
      for: rival.id,
      until: new Date(t.clock.now().getTime() + 24 * HOUR),
    });
    await setStone(t, memo!.id, 'Memo', { for: rival.id });
    await setAmount(moved!.id, moved!.amount + 10);

    const res = await confirm(customer, [line(ok!), line(held!), line(memo!), line(moved!)]);
    expect(res.statusCode).toBe(409);
    const error = json<ErrorAnswer>(res);
    expect(error.code).toBe('STONE_UNAVAILABLE');
    expect(error.message).toBe(
      'LDCF3002 and LDCF3003 are no longer available. Nothing was ordered; update your selection.',
    );
    // Every problem stone is listed, the moved price too.
    expect(error.details!.stones.map((s) => [s.lot_id, s.reason])).toEqual([
      ['LDCF3002', 'hold'],
      ['LDCF3003', 'memo'],
      ['LDCF3004', 'price_changed'],
    ]);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await statusOf(ok!.id)).toBe('Available');
    expect(await statusOf(held!.id)).toBe('Hold');
  });

  it('refuses a sold stone, an unknown id and a stone the buyer already bought with 409 STONE_UNAVAILABLE', async () => {
    const customer = await loggedInCustomer(t);
    const [sold, mine] = await fresh([{ lot_id: 'LDCF4001', status: 'Sold' }, { lot_id: 'LDCF4002' }]);
    const soldRes = await confirm(customer, [line(sold!)]);
    expect(soldRes.statusCode).toBe(409);
    expect(json<ErrorAnswer>(soldRes).message).toBe(
      'LDCF4001 is no longer available. Nothing was ordered; update your selection.',
    );

    const unknown = await confirm(customer, [{ id: randomUUID(), amount: 100 }]);
    expect(unknown.statusCode).toBe(409);
    expect(json<ErrorAnswer>(unknown)).toMatchObject({
      code: 'STONE_UNAVAILABLE',
      message: 'One selected stone is no longer available. Nothing was ordered; update your selection.',
      details: { stones: [expect.objectContaining({ reason: 'not_found', lot_id: null })] },
    });

    expect((await confirm(customer, [line(mine!)])).statusCode).toBe(200);
    const twice = await confirm(customer, [line(mine!)]);
    expect(twice.statusCode).toBe(409);
    expect(json<ErrorAnswer>(twice).code).toBe('STONE_UNAVAILABLE');
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it('sells a stone on hold for the buyer and clears the hold', async () => {
    const customer = await loggedInCustomer(t);
    const [held] = await fresh([{}]);
    await setStone(t, held!.id, 'Hold', {
      for: customer.id,
      until: new Date(t.clock.now().getTime() + 24 * HOUR),
    });
    expect((await confirm(customer, [line(held!)])).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(stones).where(eq(stones.id, held!.id));
    expect(row).toMatchObject({ status: 4, reservedFor: null, reservedUntil: null });
  });

  it('buys a stone on memo with the buyer: its memo line becomes bought, and the memo closes when nothing is left on memo', async () => {
    const customer = await loggedInCustomer(t);
    const [m1, m2, m3] = await fresh([{}, {}, {}]);
    const single = await createMemoOrder(t.deps.db, t.clock, { customerId: customer.id, stoneIds: [m1!.id] });
    const pair = await createMemoOrder(t.deps.db, t.clock, {
      customerId: customer.id,
      stoneIds: [m2!.id, m3!.id],
    });

    expect((await confirm(customer, [line(m1!), line(m2!)])).statusCode).toBe(200);
    const memoItems = await t.deps.db
      .select()
      .from(memoOrderItems)
      .where(inArray(memoOrderItems.stoneId, [m1!.id, m2!.id, m3!.id]));
    const statusOfItem = (id: string) => memoItems.find((i) => i.stoneId === id)!.status;
    expect([statusOfItem(m1!.id), statusOfItem(m2!.id), statusOfItem(m3!.id)]).toEqual([
      'bought',
      'bought',
      'on_memo',
    ]);
    const memos = await t.deps.db
      .select()
      .from(memoOrders)
      .where(inArray(memoOrders.id, [single.memoOrder.id, pair.memoOrder.id]));
    expect(memos.find((m) => m.id === single.memoOrder.id)!.status).toBe('closed');
    expect(memos.find((m) => m.id === pair.memoOrder.id)!.status).toBe('open');
    expect(await statusOf(m3!.id)).toBe('Memo');
  });

  it('answers 409 STONE_UNAVAILABLE, never 500, when a stone marked available is still in a live order', async () => {
    const first = await loggedInCustomer(t);
    const second = await loggedInCustomer(t);
    const [stone] = await fresh([{ lot_id: 'LDCF5001' }]);
    expect((await confirm(first, [line(stone!)])).statusCode).toBe(200);
    // A slip in the back office: the sold stone shows as Available again while its order stands.
    await setStone(t, stone!.id, 'Available');
    const res = await confirm(second, [line(stone!)]);
    expect(res.statusCode).toBe(409);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      code: 'STONE_UNAVAILABLE',
      message: 'LDCF5001 is no longer available. Nothing was ordered; update your selection.',
      details: { stones: [expect.objectContaining({ id: stone!.id, reason: 'sold' })] },
    });
    expect(await ordersOf(second.id)).toEqual([]);
    const live = await t.deps.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.stoneId, stone!.id), eq(orderItems.live, true)));
    expect(live).toHaveLength(1);
  });

  it('refuses a comment over 1,000 characters, the same stone twice and an unknown request page with 400', async () => {
    const customer = await loggedInCustomer(t);
    const [stone] = await fresh([{}]);
    const long = await confirm(customer, [line(stone!)], { comments: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({ code: 'VALIDATION_FAILED' });
    const twice = await confirm(customer, [line(stone!), line(stone!)]);
    expect(twice.statusCode).toBe(400);
    expect(json(twice).message).toContain('A stone is selected twice');
    const page = await confirm(customer, [line(stone!)], { page: 'nowhere' });
    expect(page.statusCode).toBe(400);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await statusOf(stone!.id)).toBe('Available');

    // 1,000 characters once trimmed is fine.
    const fits = await confirm(customer, [line(stone!)], { comments: `  ${'y'.repeat(1000)}  ` });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await ordersOf(customer.id))[0]!.comment).toHaveLength(1000);
  });

  it('leaves other customers’ carts alone but takes the stones out of the buyer’s cart only', async () => {
    const customer = await loggedInCustomer(t);
    const [stone] = await fresh([{}]);
    await addStones(t, customer.token, [stone!.id]);
    await addStones(t, rival.token, [stone!.id]);
    expect((await confirm(customer, [line(stone!)])).statusCode).toBe(200);
    const rows = await t.deps.db.select().from(cartItems).where(eq(cartItems.stoneId, stone!.id));
    expect(rows.map((r) => r.customerId)).toEqual([rival.id]);
  });
});
