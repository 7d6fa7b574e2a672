import { addToCart, getCart, removeFromCart } from '@loupe/contract/cart';
import type { ResponseOf } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { createCustomer } from '../app/seed/factories.ts';
import {
  holdStones,
  lockStonesById,
  markSold,
  releaseStones,
  returnSoldToStock,
  sendOnMemo,
  statusRank,
} from '../areas/stones/index.ts';
import { injectRoute } from './call-route.ts';
import { bearer, json, type TestApp } from './test-app.ts';

/** Calls of the cart API for its tests, and a way to set a stone's state as the sales team would. */

export type AddAnswer = ResponseOf<typeof addToCart>;
export type CartAnswer = ResponseOf<typeof getCart>;
export type RemoveAnswer = ResponseOf<typeof removeFromCart>;

export function postCart(t: TestApp, token: string, variants: unknown) {
  return injectRoute(t.app, addToCart, { headers: bearer(token), rawBody: { variants } });
}

/** Adds stones and answers what the API says, failing on anything but 200. */
export async function addStones(t: TestApp, token: string, ids: string[]): Promise<AddAnswer> {
  const res = await postCart(t, token, ids);
  if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
  return json<AddAnswer>(res);
}

export async function readCart(t: TestApp, token: string, query = ''): Promise<CartAnswer> {
  const res = await injectRoute(t.app, getCart, { search: query, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`cart failed: ${res.statusCode} ${res.body}`);
  return json<CartAnswer>(res);
}

export function deleteCart(t: TestApp, token: string, items: unknown) {
  return injectRoute(t.app, removeFromCart, { headers: bearer(token), rawBody: { items } });
}

const DAY = 86_400_000;

/**
 * Puts a stone on hold, on memo, sold or back in stock through the stones area's lifecycle, as the
 * sales team or a sale would. Without `for`, the stone is reserved for someone else; a hold whose
 * date has passed is put on hold a day before that date.
 */
export async function setStone(
  t: TestApp,
  stoneId: string,
  status: StoneStatus,
  reservation: { for?: string | null; until?: Date | null } = {},
) {
  const now = t.clock.now();
  await t.deps.db.transaction(async (tx) => {
    const row = (await lockStonesById(tx, [stoneId])).get(stoneId);
    if (!row) throw new Error(`no stone ${stoneId}`);
    if (status === 'Hold' || status === 'Memo') {
      const customerId = reservation.for ?? (await createCustomer(tx)).id;
      if (status === 'Memo') return sendOnMemo(tx, [row], customerId, reservation.until ?? null, now);
      const until = reservation.until ?? new Date(now.getTime() + 2 * DAY);
      const at = until <= now ? new Date(until.getTime() - DAY) : now;
      return holdStones(tx, [row], customerId, until, at);
    }
    if (status === 'Sold') return markSold(tx, [stoneId], now);
    if (status === 'Available') {
      if (row.status === statusRank('Sold')) return returnSoldToStock(tx, [stoneId], now);
      if (row.status !== statusRank('Available')) return releaseStones(tx, [row], now);
      return;
    }
    throw new Error(`setStone does not make stones ${status}; create them so with the stone factory`);
  });
}
