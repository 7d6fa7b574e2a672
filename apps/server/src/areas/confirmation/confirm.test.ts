import { randomUUID } from 'node:crypto';
import { confirmStones, confirmTimeCheck, type StoneCheck } from '@loupe/contract/confirmation';
import { listNotices } from '@loupe/contract/notices';
import type { ResponseOf } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { createMemoOrder } from '../../app/seed/order-factory.ts';
import { createStones, type StoneSpec } from '../../app/seed/stone-factory.ts';
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
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, latestMessage, type TestApp } from '../../test/test-app.ts';
import { reviseStones, statusAt } from '../stones/index.ts';

/** Domain-facts §5 "Confirm flow": the check before the confirm screen, and the confirmation itself. */

type CheckAnswer = ResponseOf<typeof confirmTimeCheck>;
type Buyer = Awaited<ReturnType<typeof loggedInCustomer>>;
type Line = { id: string; amount: number };
type ErrorAnswer = { code: string; message: string; details?: { stones: StoneCheck[] } };

const HOUR = 3_600_000;

let t: TestApp;
let kam: Awaited<ReturnType<typeof createKam>>;
/** Approved KYC, KAM in India. */
let buyer: Buyer;
/** Approved KYC, another customer. */
let rival: Buyer;
/** Approved KYC, no KAM. */
let loner: Buyer;
let pending: Buyer;

beforeAll(async () => {
  t = await createTestApp();
  kam = await createKam(t.deps.db, { name: 'Ananya Iyer', location: 'IND' });
  buyer = await loggedInCustomer(t, {
    kamId: kam.id,
    firstName: 'Rhea',
    lastName: 'Shah',
    companyName: 'Shah Gems',
  });
  rival = await loggedInCustomer(t, { kamId: kam.id });
  loner = await loggedInCustomer(t);
  pending = await loggedInCustomer(t, { kycStatus: 'pending', kamId: kam.id });
});
afterAll(() => t.close());

/** New stones every test, so no test depends on what another sold. */
const fresh = (specs: StoneSpec[]) => createStones(t.deps.db, specs);
const line = (stone: { id: string; amount: number }): Line => ({ id: stone.id, amount: stone.amount });

function timeCheck(who: Buyer, variants: Line[]) {
  return injectRoute(t.app, confirmTimeCheck, { headers: bearer(who.token), rawBody: { variants } });
}

function confirm(who: Buyer, variants: Line[], options: { comments?: string; page?: string } = {}) {
  return injectRoute(t.app, confirmStones, {
    search: options.page ? `?request_page=${options.page}` : '',
    headers: bearer(who.token),
    rawBody: { variants, ...(options.comments === undefined ? {} : { comments: options.comments }) },
  });
}

async function checked(who: Buyer, variants: Line[]): Promise<CheckAnswer> {
  const res = await timeCheck(who, variants);
  expect(res.statusCode, res.body).toBe(200);
  return json<CheckAnswer>(res);
}

async function statusOf(stoneId: string): Promise<StoneStatus> {
  const [row] = await t.deps.db.select({ status: stones.status }).from(stones).where(eq(stones.id, stoneId));
  return statusAt(row!.status);
}

async function ordersOf(customerId: string) {
  return t.deps.db.select().from(orders).where(eq(orders.customerId, customerId));
}

async function setAmount(stoneId: string, amount: number) {
  await reviseStones(t.deps.db, [stoneId], { amount });
}

describe('[CONFIRM] confirm-time-check', () => {
  it('answers available for stones anyone may buy at the prices shown, stone by stone', async () => {
    const [a, b] = await fresh([{ lot_id: 'LDTC1001', rap: 9800, discount: -30 }, { status: 'BidToBuy' }]);
    const answer = await checked(buyer, [line(a!), line(b!)]);
    expect(answer).toMatchObject({
      status: 'available',
      title: 'Stones available',
      message: 'All 2 stones are available at the prices shown.',
      duties_disclaimer: false,
      kam_location: 'IND',
    });
    expect(answer.data[a!.id]).toEqual({
      id: a!.id,
      lot_id: 'LDTC1001',
      status: 'available',
      reason: null,
      title: 'Available',
      message: 'LDTC1001 is available at $6,928.60.',
      amount_seen: 6928.6,
      amount_now: 6928.6,
      location: 'IND',
    });
    expect(answer.data[b!.id]).toMatchObject({ status: 'available', reason: null });
  });

  it('answers unavailable with the reason for sold stones, stones held or on memo for someone else, and unknown ids', async () => {
    const [sold, held, memo] = await fresh([
      { lot_id: 'LDTC2001', status: 'Sold' },
      { lot_id: 'LDTC2002' },
      { lot_id: 'LDTC2003' },
    ]);
    await setStone(t, held!.id, 'Hold', {
      for: rival.id,
      until: new Date(t.clock.now().getTime() + 24 * HOUR),
    });
    await setStone(t, memo!.id, 'Memo', { for: rival.id });
    const unknown = randomUUID();
    const answer = await checked(buyer, [
      line(sold!),
      line(held!),
      line(memo!),
      { id: unknown, amount: 5000 },
    ]);
    expect(answer.status).toBe('unavailable');
    expect(answer.title).toBe('Stones unavailable');
    expect(answer.message).toContain('LDTC2001');
    expect(answer.data[sold!.id]).toMatchObject({ status: 'unavailable', reason: 'sold', title: 'Sold' });
    expect(answer.data[held!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'hold',
      title: 'On hold',
      message: 'LDTC2002 is on hold for another customer.',
    });
    expect(answer.data[memo!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'memo',
      title: 'On memo',
      message: 'LDTC2003 is on memo with another customer.',
    });
    expect(answer.data[unknown]).toMatchObject({
      id: unknown,
      lot_id: null,
      status: 'unavailable',
      reason: 'not_found',
      amount_seen: 5000,
      amount_now: null,
    });
    // The check writes nothing.
    expect(await statusOf(held!.id)).toBe('Hold');
  });

  it('answers some-available when part of the selection can be confirmed', async () => {
    const [ok, sold] = await fresh([{ lot_id: 'LDTC3001' }, { lot_id: 'LDTC3002', status: 'Sold' }]);
    const answer = await checked(buyer, [line(ok!), line(sold!)]);
    expect(answer).toMatchObject({ status: 'some-available', title: 'Some stones unavailable' });
    expect(answer.message).toBe(
      '1 of 2 stones can be confirmed. LDTC3002 cannot. Update your selection or confirm the remaining stones.',
    );
    expect(answer.data[ok!.id]!.status).toBe('available');
    expect(answer.data[sold!.id]!.reason).toBe('sold');
  });

  it('answers price_changed with the amount now when the price moved by a cent or more', async () => {
    const [moved, rounding] = await fresh([{ lot_id: 'LDTC4001' }, { lot_id: 'LDTC4002' }]);
    await setAmount(moved!.id, moved!.amount + 120.5);
    const answer = await checked(buyer, [
      line(moved!),
      { id: rounding!.id, amount: rounding!.amount + 0.004 },
    ]);
    expect(answer.status).toBe('some-available');
    expect(answer.data[moved!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'price_changed',
      title: 'Price changed',
      amount_seen: moved!.amount,
      amount_now: moved!.amount + 120.5,
    });
    expect(answer.data[moved!.id]!.message).toMatch(
      /^The price of LDTC4001 changed from \$[\d,.]+ to \$[\d,.]+\.$/,
    );
    // Less than half a cent is the same price.
    expect(answer.data[rounding!.id]!.status).toBe('available');
  });

  it('counts a stone on hold or on memo for this customer as available, and a lapsed hold as available to anyone', async () => {
    const [hold, memo, lapsed] = await fresh([{}, {}, {}]);
    const now = t.clock.now().getTime();
    await setStone(t, hold!.id, 'Hold', { for: buyer.id, until: new Date(now + 24 * HOUR) });
    await setStone(t, memo!.id, 'Memo', { for: buyer.id, until: new Date(now - 24 * HOUR) });
    await setStone(t, lapsed!.id, 'Hold', { for: rival.id, until: new Date(now - HOUR) });
    const answer = await checked(buyer, [line(hold!), line(memo!), line(lapsed!)]);
    expect(answer.status).toBe('available');
    // The holder's rival still may not have the held stone.
    const rivalAnswer = await checked(rival, [line(hold!), line(memo!)]);
    expect(rivalAnswer.status).toBe('unavailable');
  });

  it('asks for the duties disclaimer when a stone sits at a location other than the KAM’s', async () => {
    const [mumbai, antwerp, bonded, newYork] = await fresh([
      { location: 'IND' },
      { location: 'BEL' },
      { location: 'USA-BD' },
      { location: 'USA' },
    ]);
    expect((await checked(buyer, [line(mumbai!)])).duties_disclaimer).toBe(false);
    const mixed = await checked(buyer, [line(mumbai!), line(antwerp!)]);
    expect(mixed).toMatchObject({ duties_disclaimer: true, kam_location: 'IND' });
    expect(mixed.data[antwerp!.id]!.location).toBe('BEL');

    // USA-BD is the USA as far as duties go.
    const usKam = await createKam(t.deps.db, { location: 'USA' });
    const american = await loggedInCustomer(t, { kamId: usKam.id });
    expect((await checked(american, [line(bonded!), line(newYork!)])).duties_disclaimer).toBe(false);
    expect((await checked(american, [line(bonded!), line(mumbai!)])).duties_disclaimer).toBe(true);

    // No KAM, nothing to compare with.
    const lonely = await checked(loner, [line(antwerp!)]);
    expect(lonely).toMatchObject({ duties_disclaimer: false, kam_location: null });
  });

  it('is refused with 403 KYC_REQUIRED without approved KYC, and 401 without a login', async () => {
    const [stone] = await fresh([{}]);
    for (const kycStatus of ['not_started', 'pending', 'rejected'] as const) {
      const who = kycStatus === 'pending' ? pending : await loggedInCustomer(t, { kycStatus });
      const res = await timeCheck(who, [line(stone!)]);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({
        code: 'KYC_REQUIRED',
        message: 'Complete your KYC to confirm stones.',
      });
    }
    const anonymous = await injectRoute(t.app, confirmTimeCheck, { rawBody: { variants: [line(stone!)] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty selection and the same stone twice with 400', async () => {
    const [stone] = await fresh([{}]);
    expect((await timeCheck(buyer, [])).statusCode).toBe(400);
    const twice = await timeCheck(buyer, [
      line(stone!),
      { id: stone!.id.toUpperCase(), amount: stone!.amount },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'variants: A stone is selected twice',
    });
  });
});

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
