import { bidToBuyHistory, cancelBidToBuy, getBidToBuy, placeBidToBuy } from '@loupe/contract/bid-to-buy';
import { getMe as me } from '@loupe/contract/customers';
import { listNotices } from '@loupe/contract/notices';
import { listOrders } from '@loupe/contract/orders';
import { searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { textSearch } from '@loupe/contract/text-search';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { bidLog } from '../../platform/db/schema/index.ts';
import { admin, tryAdmin } from '../../test/admin.ts';
import { connectBidder } from '../../test/bidding-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { column, dataRows, exported, totalsRow } from '../../test/export-kit.ts';
import { valuesOf } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await stockOf(t, [
    { lot_id: 'BB1', rap: 10_000, carats: 1, discount: -30, certified_at: new Date(Date.now() - 10 * DAY) },
    { lot_id: 'BB2', rap: 6_000, carats: 2, discount: -20, certified_at: new Date(Date.now() - 10 * DAY) },
    { lot_id: 'BBNEW', discount: -10, certified_at: new Date(Date.now() - 3_600_000) },
    { lot_id: 'BBSOLD', status: 'Sold', certified_at: new Date(Date.now() - 10 * DAY) },
  ]);
});
afterAll(() => t.close());

const view = (token: string, query: Record<string, unknown> = {}) =>
  callRoute(t.app, getBidToBuy, { token, query });
const bid = (token: string, productId: string, value: number) =>
  callRoute(t.app, placeBidToBuy, { token, body: { product_id: productId, bid_value: value } });
const logged = async () => (await t.deps.db.select().from(bidLog)).length;
let listening: string | undefined;
/** The app's base URL, listening from the first test that opens a real socket. */
const baseUrl = async () => (listening ??= await t.listen());

describe('[BID TO BUY] the monthly event over REST', () => {
  it('answers 404 INACTIVE_BID_TO_BUY with no event running, and the customer has no bid_to_buy', async () => {
    const c = await loggedInCustomer(t);
    const none = await view(c.token);
    expect([none.status, none.error?.code]).toEqual([404, 'INACTIVE_BID_TO_BUY']);
    expect((await bid(c.token, crypto.randomUUID(), -10)).error).toMatchObject({
      code: 'INACTIVE_BID_TO_BUY',
    });
    expect((await callRoute(t.app, me, { token: c.token })).body.customer.bid_to_buy).toEqual({
      starts_at: null,
      count: 0,
      endTime: null,
    });
  });

  it('opens an event with Available stones (not new arrivals) at a floor 5 points below, sealed bids, and closes it', async () => {
    const end = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(await admin(t, 'bid-to-buy', 'open', end, '2')).toBe(
      `A bid-to-buy event is open until ${end} with 2 stones.`,
    );
    expect(await tryAdmin(t, 'bid-to-buy', 'open', end)).toMatchObject({ status: 409, code: 'CONFLICT' });
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const pending = await loggedInCustomer(t, { kycStatus: 'pending' });

    const customer = (await callRoute(t.app, me, { token: a.token })).body.customer;
    expect(customer.bid_to_buy).toEqual({ starts_at: expect.any(String), count: 2, endTime: end });

    // Bid Stone stays empty until a filter or a stone id search.
    expect((await view(a.token)).body).toEqual({ endTime: end, bidStone: [], activeStone: [] });
    const all = (await view(a.token, { filters: '{}' })).body.bidStone;
    expect(all.map((s) => [s.lot_id, s.original_discount, s.discount])).toEqual([
      ['BB1', -30, -35],
      ['BB2', -20, -25],
    ]);
    // Filters are refused as the search refuses them: an unknown key, JSON that is not.
    const unknown = { shape: ['BR'], nope: 1 };
    const searched = await callRoute(t.app, searchStones, {
      token: a.token,
      body: { filters: unknown as StoneFiltersInput },
    });
    expect(searched.error?.message).toBe('filters: Unrecognized key: "nope"');
    const refused = await view(a.token, { filters: JSON.stringify(unknown) });
    expect([refused.status, refused.error]).toEqual([400, searched.error]);
    expect((await view(a.token, { filters: '{"shape":' })).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'filters: filters must be JSON',
      details: [{ path: 'filters', message: 'filters must be JSON' }],
    });
    const search = await callRoute(t.app, textSearch, {
      token: a.token,
      body: { search_keyword: 'BB2 BBNEW', search_type: 'BidToBuy' },
    });
    const found = await view(a.token, { textSearchReportId: search.body.textSearchReportId });
    expect(found.body.bidStone.map((s) => s.lot_id)).toEqual(['BB2']);
    const bb1 = all[0]!.id;
    const bb2 = all[1]!.id;

    // Refusals record nothing.
    const locked = await bid(pending.token, bb1, -30);
    expect([locked.status, locked.error?.code]).toEqual([403, 'KYC_REQUIRED']);
    const low = await bid(a.token, bb1, -35);
    expect([low.status, low.error?.code]).toEqual([400, 'BID_TOO_LOW']);
    expect((await bid(a.token, bb1, -34.1)).error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await logged()).toBe(0);

    expect((await bid(a.token, bb1, -34)).body).toEqual({
      status: 'success',
      product_id: bb1,
      bid_value: -34,
    });
    expect((await bid(a.token, bb1, -34.5)).error).toMatchObject({ code: 'BID_TOO_LOW' });
    expect((await bid(b.token, bb1, -33)).body).toMatchObject({ status: 'success' });
    expect((await bid(a.token, bb2, -24)).body).toMatchObject({ status: 'success' });
    expect((await bid(b.token, bb2, -24.75)).body).toMatchObject({ status: 'success' });

    // Sealed: each sees only their own bid.
    const mine = (await view(a.token)).body.activeStone;
    expect(mine.map((s) => [s.lot_id, s.my_current_bid])).toEqual([
      ['BB1', -34],
      ['BB2', -24],
    ]);
    // No field of my rows carries B's bids (-33 on BB1, -24.75 on BB2).
    const values = mine.flatMap((s) => Object.values(s));
    expect(values).not.toContain(-33);
    expect(values).not.toContain(-24.75);
    expect((await view(b.token, { filters: '{}' })).body.bidStone).toEqual([]);

    // A withdrawn bid leaves the field to the others.
    await callRoute(t.app, cancelBidToBuy, { token: b.token, body: { product_ids: [bb2] } });
    expect((await view(b.token)).body.activeStone.map((s) => s.lot_id)).toEqual(['BB1']);

    expect(await admin(t, 'bid-to-buy', 'close')).toBe(
      'The bid-to-buy event is closed: 2 stones awarded, 0 stones back in stock.',
    );
    const ordersOf = async (token: string) =>
      (
        await callRoute(t.app, listOrders, { token, query: { invoice_status: 'pending', expand: 'items' } })
      ).body.orders.flatMap((o) => o.items!.map((i) => [i.lot_id, i.discount, i.price_per_carat, i.amount]));
    expect(await ordersOf(b.token)).toEqual([['BB1', -33, 6700, 6700]]);
    expect(await ordersOf(a.token)).toEqual([['BB2', -24, 4560, 9120]]);
    const history = (await callRoute(t.app, bidToBuyHistory, { token: a.token })).body;
    expect(history.bids.map((h) => [h.lot_id, h.my_current_bid, h.current_max_bid, h.is_win])).toEqual([
      ['BB2', -24, -24, true],
      ['BB1', -34, null, false],
    ]);
    const targets = (await callRoute(t.app, listNotices, { token: a.token, query: {} })).body.notices.map(
      (n) => n.target_page,
    );
    expect(targets).toEqual(expect.arrayContaining(['bid-to-buy:bidHistory', 'your-orders:pendingInvoices']));
    expect((await view(a.token)).error).toMatchObject({ code: 'INACTIVE_BID_TO_BUY' });
  });
});

describe('[BID TO BUY] an event stone is priced at its floor', () => {
  // Each test opens an event of its own: one an earlier test left running ends first.
  beforeEach(() => tryAdmin(t, 'bid-to-buy', 'close'));
  const PRICES = ['discount', 'original_discount', 'price_per_carat', 'amount', 'rap', 'rap_value'] as const;
  const pricesOf = (row: Record<(typeof PRICES)[number], unknown>) =>
    Object.fromEntries(PRICES.map((key) => [key, row[key]]));

  it('answers `discount` (the floor) with the $/ct and amount that follow from it, in the rows, the tab’s file and over /bidding; nothing priced without approved KYC', async () => {
    await createStones(t.deps.db, [
      {
        lot_id: 'BF1',
        rap: 1_100,
        carats: 1,
        discount: -41.77,
        certified_at: new Date(Date.now() - 10 * DAY),
      },
      {
        lot_id: 'BF2',
        rap: 10_000,
        carats: 1.5,
        discount: -30,
        certified_at: new Date(Date.now() - 10 * DAY),
      },
    ]);
    const end = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    await admin(t, 'bid-to-buy', 'open', end, '5');
    const a = await loggedInCustomer(t);
    const pending = await loggedInCustomer(t, { kycStatus: 'pending' });
    const rowsOf = async (token: string) =>
      (await view(token, { filters: '{}' })).body.bidStone.filter((s) => s.lot_id.startsWith('BF'));

    // QA saw Max Disc −46.77% beside Pr/Ct $640.53, the price at the normal −41.77%.
    const [bf1, bf2] = await rowsOf(a.token);
    expect(pricesOf(bf1!)).toEqual({
      discount: -46.77,
      original_discount: -41.77,
      price_per_carat: 585.53,
      amount: 585.53,
      rap: 1_100,
      rap_value: 1_100,
    });
    expect(pricesOf(bf2!)).toEqual({
      discount: -35,
      original_discount: -30,
      price_per_carat: 6_500,
      amount: 9_750,
      rap: 10_000,
      rap_value: 15_000,
    });

    // My bid's row on Active Bid is priced the same way.
    expect((await bid(a.token, bf2!.id, -34.75)).body).toMatchObject({ status: 'success' });
    const [active] = (await view(a.token)).body.activeStone;
    expect({ ...pricesOf(active!), my_current_bid: active!.my_current_bid }).toEqual({
      ...pricesOf(bf2!),
      my_current_bid: -34.75,
    });

    // The price lock: a customer who is not approved sees none of it.
    for (const row of await rowsOf(pending.token)) {
      expect(pricesOf(row)).toEqual(Object.fromEntries(PRICES.map((key) => [key, null])));
    }

    // Download Excel on the tab: the same prices, and totals that agree with them.
    const sheet = await exported(t, a.token, { products: [bf1!.id, bf2!.id], from_bid_to_buy: true });
    const cells = (header: string) => dataRows(sheet).map((row) => valuesOf(row)[column(sheet, header)]);
    expect(cells('Stock No.')).toEqual(['BF1', 'BF2']);
    expect(cells('Disc %')).toEqual([-46.77, -35]);
    expect(cells('Pr/Ct')).toEqual([585.53, 6_500]);
    expect(cells('Amt ($)')).toEqual([585.53, 9_750]);
    expect(valuesOf(totalsRow(sheet))[column(sheet, 'Amt ($)')]).toBeCloseTo(10_335.53, 2);

    // The /bidding socket's get_bidtobuy_stones answers the same rows.
    const bidder = await connectBidder(await baseUrl(), a.token);
    try {
      expect((await bidder.refreshBidToBuy()).activeStone.map(pricesOf)).toEqual([pricesOf(bf2!)]);
    } finally {
      bidder.close();
    }
  });

  it('refuses `get_bidtobuy_stones` over /bidding from a customer who is not KYC-approved, as every other emit', async () => {
    const end = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    await admin(t, 'bid-to-buy', 'open', end, '5');
    const pending = await loggedInCustomer(t, { kycStatus: 'pending' });
    const bidder = await connectBidder(await baseUrl(), pending.token);
    try {
      await expect(bidder.refreshBidToBuy()).rejects.toEqual({
        code: 'KYC_REQUIRED',
        message: 'Complete your KYC to bid on bid-to-buy stones.',
      });
      expect(bidder.bidToBuy).toEqual([]);
    } finally {
      bidder.close();
    }
  });
});
