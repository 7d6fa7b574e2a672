import { randomUUID } from 'node:crypto';
import { getCart } from '@loupe/contract/cart';
import { type Customer, getMe } from '@loupe/contract/customers';
import { listStones } from '@loupe/contract/search';
import { findStonesByLot } from '@loupe/contract/stone-detail';
import type { Stone } from '@loupe/contract/stones';
import { textSearch } from '@loupe/contract/text-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { admin } from '../../test/admin.ts';
import { injectRoute } from '../../test/call-route.ts';
import {
  type AddAnswer,
  addStones,
  deleteCart,
  postCart,
  type RemoveAnswer,
  readCart,
  setStone,
} from '../../test/cart-kit.ts';
import { loggedInCustomer, postSearch, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
const manyStones = async (n: number) =>
  idsOf(
    await createStones(
      t.deps.db,
      Array.from({ length: n }, () => ({})),
    ),
  );

async function cartCountOnProfile(token: string) {
  const res = await injectRoute(t.app, getMe, { headers: bearer(token) });
  return json<{ customer: Customer }>(res).customer.cart.count;
}

describe('[CART] adding stones', () => {
  it('adds stones without KYC, reports those already in the cart and sold ones, and counts the cart', async () => {
    const { token } = await loggedInCustomer(t, { kycStatus: 'pending' });
    const [first, second, sold] = await createStones(t.deps.db, [{}, {}, { status: 'Sold' }]);
    expect(await addStones(t, token, [first!.id])).toEqual({
      added: [first!.id],
      already_in_cart: [],
      unavailable: [],
      count: 1,
    });
    expect(await addStones(t, token, [first!.id, second!.id, sold!.id, second!.id])).toEqual({
      added: [second!.id],
      already_in_cart: [first!.id],
      unavailable: [sold!.id],
      count: 2,
    });
    // A stone on hold for someone else may still go into the cart (it waits in the hold tab).
    const [held] = await createStones(t.deps.db, [{}]);
    await setStone(t, held!.id, 'Hold', { until: new Date(t.clock.now().getTime() + 86_400_000) });
    expect((await addStones(t, token, [held!.id])).added).toEqual([held!.id]);
    const cart = await readCart(t, token);
    expect(cart.counts).toEqual({ active: 2, memo: 0, hold: 1, sold: 0 });
    expect(await cartCountOnProfile(token)).toBe(3);
  });

  it('answers 404 naming the stones that do not exist, and adds nothing', async () => {
    const { token } = await loggedInCustomer(t);
    const [stone] = await createStones(t.deps.db, [{}]);
    const missing = randomUUID();
    const res = await postCart(t, token, [stone!.id, missing]);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'variants.1' }] });
    expect(json<{ message: string }>(res).message).toContain(missing);
    expect((await readCart(t, token)).counts.active).toBe(0);
    expect(await cartCountOnProfile(token)).toBe(0);
  });
});

describe('[CART] the limit of 300 stones', () => {
  it('holds 300 stones; an add that would pass 300 answers CART_LIMIT_REACHED and adds nothing', async () => {
    const { token } = await loggedInCustomer(t);
    const ids = await manyStones(302);
    expect((await addStones(t, token, ids.slice(0, 250))).count).toBe(250);

    const tooMany = await postCart(t, token, ids.slice(250, 301));
    expect(tooMany.statusCode).toBe(400);
    const refusal = json<{ code: string; message: string }>(tooMany);
    expect(refusal.code).toBe('CART_LIMIT_REACHED');
    expect(refusal.message).toBe(
      'Your cart holds at most 300 stones. It has 250, so only 50 more fit, and these 51 stones were not added. Remove some stones to add more.',
    );
    expect((await readCart(t, token)).count).toBe(250);

    expect((await addStones(t, token, ids.slice(250, 300))).count).toBe(300);
    expect(await cartCountOnProfile(token)).toBe(300);

    const the301st = await postCart(t, token, [ids[300]]);
    expect(the301st.statusCode).toBe(400);
    expect(json(the301st)).toMatchObject({
      code: 'CART_LIMIT_REACHED',
      message:
        'Your cart holds at most 300 stones. It has 300, so no more fit, and this stone was not added. Remove some stones to add more.',
    });
    // A full cart still answers stones that are already in it, and adds nothing.
    expect(await addStones(t, token, [ids[0]!, ids[299]!])).toMatchObject({
      added: [],
      already_in_cart: [ids[0], ids[299]],
      count: 300,
    });
    const cart = await readCart(t, token, '?limit=100');
    expect(cart.count).toBe(300);
    expect(cart.items.map((item) => item.product.id)).not.toContain(ids[300]);
  });

  it('two adds of 200 stones at once end with one refused and at most 300 in the cart', async () => {
    const { token } = await loggedInCustomer(t);
    const ids = await manyStones(400);
    const answers = await Promise.all([
      postCart(t, token, ids.slice(0, 200)),
      postCart(t, token, ids.slice(200, 400)),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(json(answers.find((res) => res.statusCode === 400)!)).toMatchObject({
      code: 'CART_LIMIT_REACHED',
    });
    expect(json<AddAnswer>(answers.find((res) => res.statusCode === 200)!).count).toBe(200);
    expect((await readCart(t, token)).count).toBe(200);
  });

  it('twenty adds of 20 stones at once fill the cart to exactly 300', async () => {
    const { token } = await loggedInCustomer(t);
    const ids = await manyStones(400);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postCart(t, token, ids.slice(i * 20, i * 20 + 20))),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(15);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(5);
    expect((await readCart(t, token)).count).toBe(300);
    expect(await cartCountOnProfile(token)).toBe(300);
  });

  it("the sales team's holds and the customer's own adds at once never pass 300: one lock for all", async () => {
    const c = await loggedInCustomer(t);
    await addStones(t, c.token, await manyStones(290));
    const more = await createStones(
      t.deps.db,
      Array.from({ length: 40 }, () => ({})),
    );
    const lots = more.map((s) => s.lotId);
    // Ten holds of three stones and two adds of five, all at once, for a cart with room for ten.
    const [adds, holds] = await Promise.all([
      Promise.all([0, 1].map((i) => postCart(t, c.token, idsOf(more.slice(30 + i * 5, 35 + i * 5))))),
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          admin(t, 'stone', 'hold', c.email, ...lots.slice(i * 3, i * 3 + 3)),
        ),
      ),
    ]);
    // Every stone is on hold for the customer, but the cart took only what fit: exactly 300.
    const leftOut = holds.map(
      (output) => output.split('Not added to the full cart: ')[1]?.split(', ').length ?? 0,
    );
    const added = adds.filter((res) => res.statusCode === 200).length * 5;
    expect(added + 30 - leftOut.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await cartCountOnProfile(c.token)).toBe(300);
  });
});

describe('[CART] removing stones', () => {
  it('removes the own items by item id and answers how many went and what is left', async () => {
    const { token } = await loggedInCustomer(t);
    await addStones(t, token, await manyStones(3));
    const [newest, , oldest] = (await readCart(t, token)).items;
    const res = await deleteCart(t, token, [newest!.id, oldest!.id, randomUUID()]);
    expect(res.statusCode).toBe(200);
    expect(json<RemoveAnswer>(res)).toEqual({ deleted: 2, count: 1 });
    expect((await readCart(t, token)).items).toHaveLength(1);
    expect(await cartCountOnProfile(token)).toBe(1);
  });
});

describe('[CART] each customer sees only their own cart', () => {
  it('another customer neither sees nor removes my items', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const [shared, onlyA] = idsOf(await createStones(t.deps.db, [{}, {}]));
    await addStones(t, a.token, [shared!, onlyA!]);
    await addStones(t, b.token, [shared!]);

    const cartA = await readCart(t, a.token);
    const cartB = await readCart(t, b.token);
    expect(cartA.count).toBe(2);
    expect(cartB.items.map((item) => item.product.id)).toEqual([shared]);
    expect(cartB.items[0]!.id).not.toBe(cartA.items.find((item) => item.product.id === shared)!.id);

    const theft = await deleteCart(t, b.token, idsOf(cartA.items));
    expect(json<RemoveAnswer>(theft)).toEqual({ deleted: 0, count: 1 });
    expect((await readCart(t, a.token)).count).toBe(2);
    expect(await cartCountOnProfile(a.token)).toBe(2);
  });
});

describe('[CART] "In Cart" in the stock', () => {
  it('marks the stones of my cart in every stock answer, and only for me', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const stock = await stockOf(t, [
      { lot_id: 'CART-IN-1' },
      { lot_id: 'CART-IN-2' },
      { lot_id: 'CART-OUT-3' },
    ]);
    const inCart = idsOf(stock.slice(0, 2));
    await addStones(t, a.token, inCart);
    const lots = stock.map((stone) => stone.lotId);

    const marks = (found: Stone[]) =>
      Object.fromEntries(found.map((stone) => [stone.lot_id, stone.in_cart]).sort());
    const ok = <T>(res: Awaited<ReturnType<typeof postSearch>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    const answers = async (token: string) => {
      const search = ok<{ stones: Stone[] }>(await postSearch(t, token, { limit: 10 }));
      const list = ok<{ stones: Stone[] }>(await injectRoute(t.app, listStones, { headers: bearer(token) }));
      const byLot = ok<{ stones: Stone[] }>(
        await injectRoute(t.app, findStonesByLot, { headers: bearer(token), rawBody: { stones: lots } }),
      );
      const text = ok<{ foundProducts: Stone[] }>(
        await injectRoute(t.app, textSearch, {
          headers: bearer(token),
          rawBody: { search_keyword: lots.join(' ') },
        }),
      );
      return [search.stones, list.stones, byLot.stones, text.foundProducts].map(marks);
    };

    for (const seen of await answers(a.token)) {
      expect(seen).toEqual({ 'CART-IN-1': true, 'CART-IN-2': true, 'CART-OUT-3': false });
    }
    for (const seen of await answers(b.token)) {
      expect(seen).toEqual({ 'CART-IN-1': false, 'CART-IN-2': false, 'CART-OUT-3': false });
    }
  });
});

describe('[CART] bad requests', () => {
  it('refuses an empty list, ids that are not uuids and more than 300 ids with a 400', async () => {
    const { token } = await loggedInCustomer(t);
    const tooLong = Array.from({ length: 301 }, () => randomUUID());
    for (const ids of [[], ['LD123'], tooLong, 'not a list']) {
      const add = await postCart(t, token, ids);
      expect(add.statusCode, add.body).toBe(400);
      expect(json(add)).toMatchObject({ code: 'VALIDATION_FAILED' });
      const remove = await deleteCart(t, token, ids);
      expect(remove.statusCode, remove.body).toBe(400);
      expect(json(remove)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(json<{ message: string }>(await postCart(t, token, [])).message).toContain(
      'Select at least one stone',
    );
    const badTab = await injectRoute(t.app, getCart, { search: '?tab=wishlist', headers: bearer(token) });
    expect(badTab.statusCode).toBe(400);
  });

  it('asks for a log-in', async () => {
    const res = await injectRoute(t.app, getCart, {});
    expect(res.statusCode).toBe(401);
  });
});
