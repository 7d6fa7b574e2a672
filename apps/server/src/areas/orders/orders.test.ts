import { getOrder, listOrders, type Order } from '@loupe/contract/orders';
import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../app/seed/order-factory.ts';
import { injectRoute } from '../../test/call-route.ts';
import { orderReads } from '../../test/order-kit.ts';
import { readSpreadsheet, valuesOf } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { reviseStones } from '../stones/index.ts';

let t: TestApp;
type Buyer = Awaited<ReturnType<typeof loggedInCustomer>>;
let buyer: Buyer;
let other: Buyer;

/** The buyer's orders, by what the sales team has done with them. */
const mine = {} as Record<
  'pendingNew' | 'pendingOld' | 'canceled' | 'transit' | 'shipped' | 'past',
  Awaited<ReturnType<typeof createOrder>>
>;
let others: Awaited<ReturnType<typeof createOrder>>;

const { get, list, ago, someStones } = orderReads(() => t);
const ids = (answer: { orders: Order[] }) => answer.orders.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
  other = await loggedInCustomer(t);
  const s = await someStones(9);
  const order = (days: number, stoneIds: string[], extra: Partial<Parameters<typeof createOrder>[2]> = {}) =>
    createOrder(t.deps.db, t.clock, { customerId: buyer.id, stoneIds, createdAt: ago(days), ...extra });
  mine.past = await order(60, [s[0]!.id], { delivered: true });
  mine.pendingOld = await order(40, [s[1]!.id], { comment: 'Please send with the Friday parcel.' });
  mine.transit = await order(10, [s[2]!.id], { invoiced: true });
  mine.shipped = await order(8, [s[3]!.id], { shipped: true });
  mine.canceled = await order(5, [s[4]!.id], { status: 'canceled' });
  mine.pendingNew = await order(2, [s[5]!.id, s[6]!.id], { requestPage: 'my-cart' });
  others = await createOrder(t.deps.db, t.clock, {
    customerId: other.id,
    stoneIds: [s[7]!.id],
    createdAt: ago(1),
    invoiced: true,
  });
});
afterAll(() => t.close());

describe('[ORDERS] your orders', () => {
  it('lists each tab of Your orders with its own orders, newest first, never anyone else’s', async () => {
    const pending = await list(buyer.token, '?invoice_status=pending&expand=items');
    expect(ids(pending)).toEqual([mine.pendingNew, mine.canceled, mine.pendingOld].map((o) => o.order.id));
    expect(pending.count).toBe(3);
    expect(pending.orders.map((o) => o.status)).toEqual(['pending', 'canceled', 'pending']);

    const transit = await list(buyer.token, '?status=pending&invoice_status=available');
    expect(ids(transit)).toEqual([mine.shipped.order.id, mine.transit.order.id]);
    expect(transit.orders.map((o) => o.invoice?.number)).toEqual([
      mine.shipped.invoice!.number,
      mine.transit.invoice!.number,
    ]);
    expect(transit.orders[0]).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: expect.any(String),
    });

    const past = await list(buyer.token, '?status=completed');
    expect(ids(past)).toEqual([mine.past.order.id]);
    expect(past.orders[0]).toMatchObject({
      invoice_status: 'available',
      fulfillment_status: 'delivered',
      invoice: { number: mine.past.invoice!.number },
    });

    const all = await list(buyer.token);
    expect(all.count).toBe(6);
    expect(ids(all)).not.toContain(others.order.id);
    expect(ids(await list(other.token))).toEqual([others.order.id]);
  });

  it('answers an order with its totals, its invoice and its confirmation details', async () => {
    const [order] = (await list(buyer.token, '?invoice_status=pending')).orders;
    expect(order).toEqual({
      id: mine.pendingNew.order.id,
      display_id: mine.pendingNew.order.displayId,
      status: 'pending',
      invoice_status: 'pending',
      fulfillment_status: 'not_shipped',
      created_at: ago(2).toISOString(),
      comment: '',
      request_page: 'my-cart',
      stone_count: 2,
      total_carats: 2.02,
      total_amount: 14_154.14,
      invoice: null,
      tracking_number: null,
    });
  });

  it('filters by the confirmation date, given as a day or a date-time', async () => {
    const day = ago(7).toISOString().slice(0, 10);
    expect(ids(await list(buyer.token, `?created_at[gte]=${day}`))).toEqual(
      [mine.pendingNew, mine.canceled].map((o) => o.order.id),
    );
    const since = encodeURIComponent(ago(9).toISOString());
    expect(ids(await list(buyer.token, `?created_at[gte]=${since}`))).toEqual(
      [mine.pendingNew, mine.canceled, mine.shipped].map((o) => o.order.id),
    );
    // The moment of the 40-day-old order, written as the same wall-clock time in India (5½ hours
    // earlier) and in New York (5½ hours later, close enough): it is in only from the earlier one.
    const at40 = ago(40).toISOString();
    const india = encodeURIComponent(at40.replace('Z', '+05:30'));
    const westward = encodeURIComponent(at40.replace('Z', '-05:30'));
    expect(ids(await list(buyer.token, `?invoice_status=pending&created_at[gte]=${india}`))).toContain(
      mine.pendingOld.order.id,
    );
    expect(ids(await list(buyer.token, `?invoice_status=pending&created_at[gte]=${westward}`))).not.toContain(
      mine.pendingOld.order.id,
    );
    const bad = await get(buyer.token, listOrders, { search: '?created_at[gte]=last-week' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_FAILED');
  });

  it('finds an order by its id with or without the padding, its invoice number or a stock number', async () => {
    const { displayId } = mine.transit.order;
    const find = async (keyword: string) =>
      ids(await list(buyer.token, `?search_keyword=${encodeURIComponent(keyword)}`));
    expect(await find(String(displayId))).toEqual([mine.transit.order.id]);
    expect(await find(String(displayId).padStart(6, '0'))).toEqual([mine.transit.order.id]);
    expect(await find(` ${String(displayId).padStart(6, '0')} `)).toEqual([mine.transit.order.id]);
    expect(await find(mine.transit.invoice!.number.toLowerCase())).toEqual([mine.transit.order.id]);
    expect(await find(mine.pendingNew.stones[1]!.lotId.toLowerCase())).toEqual([mine.pendingNew.order.id]);
    // Combined with a tab, the tab still applies.
    expect(
      ids(await list(buyer.token, `?invoice_status=pending&search_keyword=${mine.transit.invoice!.number}`)),
    ).toEqual([]);
    expect(await find('999999')).toEqual([]);
    // Another customer's order id, invoice number and stones find nothing.
    expect(await find(String(others.order.displayId))).toEqual([]);
    expect(await find(others.invoice!.number)).toEqual([]);
    expect(await find(others.stones[0]!.lotId)).toEqual([]);
    const tooLong = await get(buyer.token, listOrders, { search: `?search_keyword=${'9'.repeat(41)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('expands the stones at the prices paid and the history, oldest first', async () => {
    // The stone's price moves after the order: the order keeps what was paid.
    const stoneId = mine.shipped.stones[0]!.id;
    await reviseStones(t.deps.db, [stoneId], { pricePerCarat: 1, amount: 1, discount: -99.99 });

    const bare = (await list(buyer.token, `?search_keyword=${mine.shipped.order.displayId}`)).orders[0]!;
    expect(bare.items).toBeUndefined();
    expect(bare.history).toBeUndefined();

    const [order] = (
      await list(buyer.token, `?search_keyword=${mine.shipped.order.displayId}&expand=items,history`)
    ).orders;
    expect(order!.items).toEqual([
      {
        id: expect.any(String),
        stone_id: stoneId,
        lot_id: mine.shipped.stones[0]!.lotId,
        product: expect.objectContaining({
          id: stoneId,
          lot_id: mine.shipped.stones[0]!.lotId,
          carats: 1.01,
          price_per_carat: 7_007,
          amount: 7_077.07,
          discount: -28.5,
        }),
        carats: 1.01,
        rap: 9_800,
        discount: -28.5,
        price_per_carat: 7_007,
        amount: 7_077.07,
      },
    ]);
    expect(order!.history!.map((h) => h.event)).toEqual(['confirmed', 'invoiced', 'shipped']);
    expect(order!.history![0]!.at).toBe(ago(8).toISOString());
    expect(order!.history![1]!.note).toBe(mine.shipped.invoice!.number);
    expect(order!.history![2]!.note).toBe(order!.tracking_number);

    // The peer's spelling of items also expands them.
    const peer = await list(
      buyer.token,
      '?status=completed&expand=items.variant.product,items.variant.prices',
    );
    expect(peer.orders[0]!.items).toHaveLength(1);
    expect(peer.orders[0]!.history).toBeUndefined();
  });

  it('answers at most 50 orders a page, with the count of all, also for a keyword', async () => {
    const bulk = await loggedInCustomer(t);
    // One stone bought and canceled 55 times: every order holds the same stock number.
    const [stone] = await someStones(1);
    for (let i = 0; i < 55; i++) {
      await createOrder(t.deps.db, t.clock, {
        customerId: bulk.id,
        stoneIds: [stone!.id],
        createdAt: ago(100 - i),
        status: 'canceled',
      });
    }
    const first = await list(bulk.token);
    expect(first.orders).toHaveLength(50);
    expect(first.count).toBe(55);
    const rest = await list(bulk.token, '?offset=50');
    expect(rest.orders).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(55);

    const found = await list(bulk.token, `?search_keyword=${stone!.lotId}`);
    expect(found.orders).toHaveLength(50);
    expect(found.count).toBe(55);
    expect(found.orders[0]!.created_at).toBe(ago(46).toISOString());

    expect((await get(bulk.token, listOrders, { search: '?limit=51' })).statusCode).toBe(400);
    expect((await list(bulk.token, '?limit=3')).orders).toHaveLength(3);
  });

  it('needs a logged-in customer', async () => {
    const res = await injectRoute(t.app, listOrders, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('[ORDERS] order detail', () => {
  const detail = (token: string, id: string, query = '') =>
    get(token, getOrder, { params: { orderId: id }, search: query });

  it('answers one of the customer’s orders with its stones, comment and history', async () => {
    const res = await detail(buyer.token, mine.pendingOld.order.id, '?expand=items,history');
    expect(res.statusCode, res.body).toBe(200);
    const { order } = json<{ order: Order }>(res);
    expect(order).toMatchObject({
      id: mine.pendingOld.order.id,
      display_id: mine.pendingOld.order.displayId,
      comment: 'Please send with the Friday parcel.',
      stone_count: 1,
      total_amount: 7_077.07,
      invoice: null,
    });
    expect(order.items!.map((i) => i.lot_id)).toEqual([mine.pendingOld.stones[0]!.lotId]);
    expect(order.items![0]!.product.diamond_status).toBe('Sold');
    expect(order.history).toEqual([{ event: 'confirmed', at: ago(40).toISOString(), note: null }]);

    const past = json<{ order: Order }>(
      await detail(buyer.token, mine.past.order.id, '?expand=history'),
    ).order;
    expect(past.status).toBe('completed');
    expect(past.history!.map((h) => h.event)).toEqual(['confirmed', 'invoiced', 'shipped', 'delivered']);
    const times = past.history!.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(past.items).toBeUndefined();

    const canceled = json<{ order: Order }>(
      await detail(buyer.token, mine.canceled.order.id, '?expand=history'),
    );
    expect(canceled.order.history!.map((h) => h.event)).toEqual(['confirmed', 'canceled']);
  });

  it('does not find another customer’s order or an unknown id, and refuses an id that is not one', async () => {
    const theirs = await detail(buyer.token, others.order.id, '?expand=items');
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).code).toBe('NOT_FOUND');
    const unknown = await detail(buyer.token, '7d9f0c1e-2b3a-4c5d-8e6f-0a1b2c3d4e5f');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).code).toBe('NOT_FOUND');
    const notAnId = await detail(buyer.token, '000042');
    expect(notAnId.statusCode).toBe(400);
    expect(json(notAnId).code).toBe('VALIDATION_FAILED');
  });
});

describe('[ORDERS] Download Excel of an order', () => {
  const exportOrder = (token: string, orderId: string) =>
    injectRoute(t.app, exportStones, { headers: bearer(token), rawBody: { order_id: orderId } });

  it('exports the order’s stones with the prices paid', async () => {
    const [moved] = mine.pendingNew.stones;
    // Today's price differs from the one paid: the file shows what was paid.
    await reviseStones(t.deps.db, [moved!.id], { pricePerCarat: 5, amount: 5.05 });
    const res = await exportOrder(buyer.token, mine.pendingNew.order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const padded = String(mine.pendingNew.order.displayId).padStart(6, '0');
    expect(res.headers['content-disposition']).toContain(`order_${padded}.xlsx`);
    const [sheet] = await readSpreadsheet(res.rawPayload);
    const header = valuesOf(sheet!.rows[0]);
    const at = (name: string) => header.indexOf(name);
    const rows = sheet!.rows.slice(1).filter((row) => row.some((cell) => cell !== null));
    const stoneRows = rows.filter((row) => valuesOf(row)[at('Stock No.')] !== 'Total');
    expect(stoneRows.map((row) => valuesOf(row)[at('Stock No.')]).sort()).toEqual(
      mine.pendingNew.stones.map((i) => i.lotId).sort(),
    );
    for (const row of stoneRows) {
      expect(valuesOf(row)[at('Amt ($)')]).toBe(7_077.07);
      expect(valuesOf(row)[at('Pr/Ct')]).toBe(7_007);
    }
    const totals = valuesOf(sheet!.rows[sheet!.rows.length - 1]);
    expect(totals[at('Amt ($)')]).toBeCloseTo(14_154.14, 2);
  });

  it('does not find another customer’s order', async () => {
    const res = await exportOrder(buyer.token, others.order.id);
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
    expect((await exportOrder(buyer.token, 'not-an-order')).statusCode).toBe(400);
  });
});
