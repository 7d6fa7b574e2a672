import type { addToCart, getCart, removeFromCart } from '@loupe/contract/cart';
import type { ResponseOf } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { eq } from 'drizzle-orm';
import { statusRank } from '../areas/stones/index.ts';
import { stones } from '../platform/db/schema/index.ts';
import { bearer, json, type TestApp } from './test-app.ts';

/** Calls of the cart API for its tests, and a way to set a stone's state as the sales team would. */

export type AddAnswer = ResponseOf<typeof addToCart>;
export type CartAnswer = ResponseOf<typeof getCart>;
export type RemoveAnswer = ResponseOf<typeof removeFromCart>;

export function postCart(t: TestApp, token: string, variants: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/store/customers/me/cart',
    headers: bearer(token),
    payload: { variants },
  });
}

/** Adds stones and answers what the API says, failing on anything but 200. */
export async function addStones(t: TestApp, token: string, ids: string[]): Promise<AddAnswer> {
  const res = await postCart(t, token, ids);
  if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
  return json<AddAnswer>(res);
}

export async function readCart(t: TestApp, token: string, query = ''): Promise<CartAnswer> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/store/customers/me/cart${query}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`cart failed: ${res.statusCode} ${res.body}`);
  return json<CartAnswer>(res);
}

export function deleteCart(t: TestApp, token: string, items: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: '/store/customers/me/cart',
    headers: bearer(token),
    payload: { items },
  });
}

/** Puts a stone on hold, on memo, sold or back, straight in the database. */
export async function setStone(
  t: TestApp,
  stoneId: string,
  status: StoneStatus,
  reservation: { for?: string | null; until?: Date | null } = {},
) {
  await t.deps.db
    .update(stones)
    .set({
      status: statusRank(status),
      reservedFor: reservation.for ?? null,
      reservedUntil: reservation.until ?? null,
    })
    .where(eq(stones.id, stoneId));
}
