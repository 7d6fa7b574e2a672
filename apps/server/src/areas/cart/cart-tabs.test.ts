import { findStonesByLot } from '@loupe/contract/stone-detail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { injectRoute } from '../../test/call-route.ts';
import { addStones, type CartAnswer, readCart, setStone } from '../../test/cart-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const lotsIn = (cart: CartAnswer) => cart.items.map((item) => item.product.lot_id);

describe('[CART] tabs follow what became of each stone', () => {
  it('sorts stones into active, hold, memo and sold, saying whom a reservation is for', async () => {
    const me = await loggedInCustomer(t);
    const other = await loggedInCustomer(t);
    const now = t.clock.now();
    const until = new Date(now.getTime() + 48 * HOUR);
    const [available, bidToBuy, heldForOther, heldForMe, lapsed, memoForMe, memoForOther, soldLater] =
      await createStones(t.deps.db, [
        { lot_id: 'TAB-AVAILABLE' },
        { lot_id: 'TAB-BID', status: 'BidToBuy' },
        { lot_id: 'TAB-HOLD-OTHER' },
        { lot_id: 'TAB-HOLD-MINE' },
        { lot_id: 'TAB-HOLD-LAPSED' },
        { lot_id: 'TAB-MEMO-MINE' },
        { lot_id: 'TAB-MEMO-OTHER' },
        { lot_id: 'TAB-SOLD' },
      ]);
    const all = [available, bidToBuy, heldForOther, heldForMe, lapsed, memoForMe, memoForOther, soldLater];
    await addStones(
      t,
      me.token,
      all.map((stone) => stone!.id),
    );
    // What the sales team and other buyers did after the stones went into the cart.
    await setStone(t, heldForOther!.id, 'Hold', { for: other.id, until });
    await setStone(t, heldForMe!.id, 'Hold', { for: me.id, until });
    await setStone(t, lapsed!.id, 'Hold', { for: other.id, until: new Date(now.getTime() - HOUR) });
    await setStone(t, memoForMe!.id, 'Memo', { for: me.id });
    await setStone(t, memoForOther!.id, 'Memo', { for: other.id, until });
    await setStone(t, soldLater!.id, 'Sold');

    const active = await readCart(t, me.token);
    expect(active.counts).toEqual({ active: 3, hold: 2, memo: 2, sold: 1 });
    expect(active.count).toBe(3);
    expect(lotsIn(active)).toEqual(['TAB-AVAILABLE', 'TAB-BID', 'TAB-HOLD-LAPSED']);
    for (const item of active.items) {
      expect(item).toMatchObject({ tab: 'active', reservation: null, can_confirm: true });
      expect(item.product.in_cart).toBe(true);
    }
    expect(active.items[1]!.product.diamond_status).toBe('BidToBuy');

    const hold = await readCart(t, me.token, '?tab=hold');
    expect(hold.count).toBe(2);
    const holdByLot = Object.fromEntries(hold.items.map((item) => [item.product.lot_id, item]));
    expect(holdByLot['TAB-HOLD-MINE']).toMatchObject({
      tab: 'hold',
      reservation: { kind: 'hold', for_you: true, until: until.toISOString() },
      can_confirm: true,
    });
    expect(holdByLot['TAB-HOLD-OTHER']).toMatchObject({
      tab: 'hold',
      reservation: { kind: 'hold', for_you: false, until: until.toISOString() },
      can_confirm: false,
    });

    const memo = await readCart(t, me.token, '?tab=memo');
    const memoByLot = Object.fromEntries(memo.items.map((item) => [item.product.lot_id, item]));
    expect(memoByLot['TAB-MEMO-MINE']).toMatchObject({
      tab: 'memo',
      reservation: { kind: 'memo', for_you: true, until: null },
      can_confirm: true,
    });
    expect(memoByLot['TAB-MEMO-OTHER']).toMatchObject({
      reservation: { kind: 'memo', for_you: false },
      can_confirm: false,
    });
    expect(memoByLot['TAB-MEMO-MINE']!.product.diamond_status).toBe('Memo');

    const sold = await readCart(t, me.token, '?tab=sold');
    expect(sold.items).toHaveLength(1);
    expect(sold.items[0]).toMatchObject({
      tab: 'sold',
      reservation: null,
      can_confirm: false,
      product: { lot_id: 'TAB-SOLD', diamond_status: 'Sold', in_cart: true },
    });

    // The other customer, for whom two stones are reserved, sees them the other way round.
    await addStones(t, other.token, [heldForOther!.id, heldForMe!.id]);
    const theirs = await readCart(t, other.token, '?tab=hold');
    expect(
      Object.fromEntries(theirs.items.map((item) => [item.product.lot_id, item.reservation?.for_you])),
    ).toEqual({ 'TAB-HOLD-OTHER': true, 'TAB-HOLD-MINE': false });

    // The stock says so too, wherever the stone shows: the detail page's lookup, for instance.
    const reservedForYou = async (token: string) => {
      const res = await injectRoute(t.app, findStonesByLot, {
        headers: bearer(token),
        rawBody: { stones: ['TAB-HOLD-MINE', 'TAB-MEMO-MINE', 'TAB-HOLD-OTHER', 'TAB-AVAILABLE'] },
      });
      const { stones } = json<{ stones: { lot_id: string; reserved_for_you: boolean }[] }>(res);
      return Object.fromEntries(stones.map((stone) => [stone.lot_id, stone.reserved_for_you]));
    };
    expect(await reservedForYou(me.token)).toEqual({
      'TAB-HOLD-MINE': true,
      'TAB-MEMO-MINE': true,
      'TAB-HOLD-OTHER': false,
      'TAB-AVAILABLE': false,
    });
    expect(await reservedForYou(other.token)).toEqual({
      'TAB-HOLD-MINE': false,
      'TAB-MEMO-MINE': false,
      'TAB-HOLD-OTHER': true,
      'TAB-AVAILABLE': false,
    });
    expect(holdByLot['TAB-HOLD-MINE']!.product.reserved_for_you).toBe(true);
  });

  it('lists newest first, a page at a time, with every tab counted', async () => {
    const { token } = await loggedInCustomer(t);
    const [a, b, c, d, e, held] = await createStones(t.deps.db, [
      { lot_id: 'PAGE-A' },
      { lot_id: 'PAGE-B' },
      { lot_id: 'PAGE-C' },
      { lot_id: 'PAGE-D' },
      { lot_id: 'PAGE-E' },
      { lot_id: 'PAGE-HELD' },
    ]);
    await addStones(t, token, [b!.id, a!.id]);
    t.clock.advance(60_000);
    await addStones(t, token, [c!.id, held!.id]);
    t.clock.advance(60_000);
    await addStones(t, token, [e!.id, d!.id]);
    await setStone(t, held!.id, 'Hold', { until: new Date(t.clock.now().getTime() + 24 * HOUR) });

    const pages = await Promise.all([1, 2, 3, 4].map((page) => readCart(t, token, `?page=${page}&limit=2`)));
    expect(pages.map(lotsIn)).toEqual([['PAGE-D', 'PAGE-E'], ['PAGE-C', 'PAGE-A'], ['PAGE-B'], []]);
    for (const page of pages) {
      expect(page).toMatchObject({ count: 5, limit: 2, counts: { active: 5, hold: 1, memo: 0, sold: 0 } });
    }
    expect(pages[2]!.page).toBe(3);
    expect(new Date(pages[0]!.items[0]!.added_at).getTime()).toBeGreaterThan(
      new Date(pages[1]!.items[0]!.added_at).getTime(),
    );
  });
});

describe('[CART] totals bar', () => {
  it('sums every stone of the tab, not only the page, with the trade averages', async () => {
    const me = await loggedInCustomer(t);
    const [one, two, half, held] = await createStones(t.deps.db, [
      { carats: 1, rap: 10_000, discount: -30 },
      { carats: 2, rap: 20_000, discount: -40 },
      { carats: 0.5, rap: 5_000, discount: -25.5 },
      { carats: 3, rap: 30_000, discount: -10 },
    ]);
    await addStones(t, me.token, [one!.id, two!.id, half!.id, held!.id]);
    await setStone(t, held!.id, 'Hold', { for: me.id, until: new Date(t.clock.now().getTime() + HOUR) });

    const active = await readCart(t, me.token, '?limit=1');
    expect(active.items).toHaveLength(1);
    // 7,000 + 24,000 + 1,862.50 over list values 10,000 + 40,000 + 2,500 and 3.5 ct.
    expect(active.totals).toEqual({
      pieces: 3,
      carats: 3.5,
      amount: 32_862.5,
      rap_value: 52_500,
      avg_discount: -37.4,
      avg_price_per_carat: 9_389.29,
    });
    expect((await readCart(t, me.token, '?tab=hold')).totals).toEqual({
      pieces: 1,
      carats: 3,
      amount: 81_000,
      rap_value: 90_000,
      avg_discount: -10,
      avg_price_per_carat: 27_000,
    });
    expect((await readCart(t, me.token, '?tab=sold')).totals).toMatchObject({ pieces: 0, amount: 0 });
  });

  it('shows neither prices nor totals to a customer without approved KYC', async () => {
    const { token } = await loggedInCustomer(t, { kycStatus: 'pending' });
    const [stone] = await createStones(t.deps.db, [{ carats: 1.5 }]);
    await addStones(t, token, [stone!.id]);
    const cart = await readCart(t, token);
    expect(cart.totals).toBeNull();
    expect(cart.items[0]!.product).toMatchObject({
      carats: 1.5,
      rap: null,
      rap_value: null,
      discount: null,
      price_per_carat: null,
      amount: null,
      in_cart: true,
    });
    expect(cart.items[0]!.can_confirm).toBe(true);
  });
});
