import { bidToBuyHistory, getBidToBuy, placeBidToBuy } from '@loupe/contract/bid-to-buy';
import { newArrivalBidHistory } from '@loupe/contract/bidding';
import { listMemoOrders } from '@loupe/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../test/admin.ts';
import { connectBidder } from '../test/bidding-kit.ts';
import { callRoute } from '../test/call-route.ts';
import { addStones, readCart } from '../test/cart-kit.ts';
import { ALL_HEADERS, exported, PRICE_HEADERS } from '../test/export-kit.ts';
import { valuesOf } from '../test/read-spreadsheet.ts';
import { loggedInCustomer, stockOf } from '../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStones } from './seed/stone-factory.ts';

/**
 * Spec §6: prices need approved KYC. Every HTTP route learns that from the request's session, which
 * carries the KYC status (decision 035); on the embedded database sessions are kept between
 * requests, so this checks that a KYC decision reaches the cart, the memo orders, the export and
 * bid to buy at the very next request of a session opened before it. A `/bidding` socket's session
 * is read once, when it connects: its events read the KYC status themselves.
 */

let t: TestApp;
let buyer: Awaited<ReturnType<typeof loggedInCustomer>>;
let inCart: string;
let eventStone: string;
const DAY = 86_400_000;
/** Each bid raises the buyer's own by a step, from just above the event floor (-35). */
let nextBid = -34;

beforeAll(async () => {
  t = await createTestApp();
  const old = new Date(t.clock.now().getTime() - 10 * DAY);
  // The event takes every Available stone there is, so it opens before the others are added.
  await stockOf(t, [{ lot_id: 'PAEVENT', rap: 10_000, discount: -30, certified_at: old }]);
  await admin(t, 'bid-to-buy', 'open', new Date(t.clock.now().getTime() + 7 * DAY).toISOString(), '1');
  const [cartStone] = await createStones(t.deps.db, [
    { lot_id: 'PACART', rap: 9_800, carats: 1.01, discount: -31.5, certified_at: old },
    { lot_id: 'PAMEMO', rap: 14_500, discount: -22, certified_at: old },
  ]);
  buyer = await loggedInCustomer(t);
  inCart = cartStone!.id;
  await addStones(t, buyer.token, [inCart]);
  await admin(t, 'memo', 'issue', buyer.email, 'PAMEMO');
  eventStone = (await callRoute(t.app, getBidToBuy, { token: buyer.token, query: { filters: '{}' } })).body
    .bidStone[0]!.id;
});
afterAll(() => t.close());

/** What the buyer's price-bearing answers show, each read by the next request of the one session. */
async function whatTheBuyerSees() {
  const cart = await readCart(t, buyer.token);
  const memos = await callRoute(t.app, listMemoOrders, { token: buyer.token });
  const sheet = await exported(t, buyer.token, { products: [inCart] });
  const event = await callRoute(t.app, getBidToBuy, { token: buyer.token, query: { filters: '{}' } });
  const bid = await callRoute(t.app, placeBidToBuy, {
    token: buyer.token,
    body: { product_id: eventStone, bid_value: nextBid },
  });
  if (bid.status === 200) nextBid += 0.25;
  const histories = await Promise.all(
    [newArrivalBidHistory, bidToBuyHistory].map((route) => callRoute(t.app, route, { token: buyer.token })),
  );
  return {
    cartAmount: cart.items[0]?.product.amount,
    cartTotal: cart.totals?.amount ?? null,
    memoRap: memos.body.memo_orders[0]?.items[0]?.product.rap,
    exportHeaders: valuesOf(sheet.rows[0]),
    eventFloor: event.body.bidStone[0]?.discount ?? event.body.activeStone[0]?.discount,
    bid: bid.status === 200 ? 'placed' : bid.error?.code,
    histories: histories.map((h) => h.status),
  };
}

const PRICES_SHOWN = {
  cartAmount: 6780.13,
  cartTotal: 6780.13,
  memoRap: 14_500,
  exportHeaders: ALL_HEADERS,
  eventFloor: -35,
  bid: 'placed',
  histories: [200, 200],
};
const PRICES_WITHHELD = {
  cartAmount: null,
  cartTotal: null,
  memoRap: null,
  exportHeaders: ALL_HEADERS.filter((header) => !PRICE_HEADERS.includes(header)),
  eventFloor: null,
  bid: 'KYC_REQUIRED',
  histories: [403, 403],
};

describe('[KYC] a decision counts from the next request of a session opened before it', () => {
  it('withholds every price once the KYC is rejected, and shows them again once approved', async () => {
    expect(await whatTheBuyerSees()).toEqual(PRICES_SHOWN);

    expect(await admin(t, 'kyc', 'reject', buyer.email, 'Documents', 'expired.')).toBe(
      `KYC of ${buyer.email} is now rejected.`,
    );
    expect(await whatTheBuyerSees()).toEqual(PRICES_WITHHELD);

    expect(await admin(t, 'kyc', 'approve', buyer.email)).toBe(`KYC of ${buyer.email} is now approved.`);
    expect(await whatTheBuyerSees()).toEqual(PRICES_SHOWN);
  });

  it("opens the new arrivals' bidding to a socket connected before the approval, from its next event", async () => {
    const pending = await loggedInCustomer(t, { kycStatus: 'pending' });
    const bidder = await connectBidder(await t.listen(), pending.token);
    try {
      await expect(bidder.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
      await admin(t, 'kyc', 'approve', pending.email);
      expect((await bidder.refresh()).endTime).toEqual(expect.any(String));
    } finally {
      bidder.close();
    }
  });
});
