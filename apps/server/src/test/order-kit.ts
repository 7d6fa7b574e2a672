import { listOrders, type Order } from '@loupe/contract/orders';
import type { RouteDef } from '@loupe/contract/route';
import { expect } from 'vitest';
import { createStones, type StoneSpec } from '../app/seed/stone-factory.ts';
import { type CallInput, injectRoute } from './call-route.ts';
import { json, type TestApp } from './test-app.ts';

/** The orders area's tests (Your orders, memo orders): a customer's reads, and stones at known prices. */

export const DAY = 86_400_000;

/** `app` answers the file's test app (made in its beforeAll). */
export function orderReads(app: () => TestApp) {
  const get = <R extends RouteDef>(
    token: string,
    route: R,
    input: Pick<CallInput<R>, 'params' | 'search'> = {},
  ) => injectRoute(app().app, route, { ...input, token });

  async function list(token: string, query = '') {
    const res = await get(token, listOrders, { search: query });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ orders: Order[]; count: number }>(res);
  }

  const ago = (days: number) => new Date(app().clock.now().getTime() - days * DAY);

  /** Stones at known prices: 1.01 ct at $9,800/ct list and -28.5% is $7,007/ct, $7,077.07. */
  async function someStones(count: number, spec: StoneSpec = {}) {
    return createStones(
      app().deps.db,
      Array.from({ length: count }, () => ({ rap: 9_800, discount: -28.5, carats: 1.01, ...spec })),
    );
  }

  return { get, list, ago, someStones };
}
