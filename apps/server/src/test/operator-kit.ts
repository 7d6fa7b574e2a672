import { type CartTab, getCart } from '@loupe/contract/cart';
import { listNotices } from '@loupe/contract/notices';
import { listMemoOrders, listOrders } from '@loupe/contract/orders';
import type { ResponseOf, RouteDef } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCustomer } from '../app/seed/factories.ts';
import { createStones } from '../app/seed/stone-factory.ts';
import { statusRank } from '../areas/stones/index.ts';
import { stones } from '../platform/db/schema/index.ts';
import { admin } from './admin.ts';
import { type CallInput, expectOk } from './call-route.ts';
import { createTestApp, logInAs, type TestApp } from './test-app.ts';

/**
 * The world of the sales team's command tests (stone and memo commands, order commands): an app
 * made before the file's tests (`useOperatorWorld()` registers the hooks; `t` is a live binding)
 * and a buyer with the reads a buyer has.
 */
export let t: TestApp;

/**
 * Registers the world's hooks for the calling test file: call it at the file's top. (Hooks at this
 * module's top would serve only the first file of a test worker, which evaluates a module once.)
 */
export function useOperatorWorld() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

export const DAY = 86_400_000;

export type Notices = { notices: { title: string; message: string; target_page: string | null }[] };
export type CartAnswer = {
  items: { product: { lot_id: string }; tab: CartTab; reservation: unknown; can_confirm: boolean }[];
  counts: Record<CartTab, number>;
};
export type Orders = ResponseOf<typeof listOrders>;
export type MemoOrders = ResponseOf<typeof listMemoOrders>;

export const run = (...args: string[]) => admin(t, ...args);

/** A logged-in customer with the reads a buyer has: cart tabs, orders, memo orders, notices. */
export async function buyer(input: Parameters<typeof createCustomer>[1] = {}) {
  const c = await createCustomer(t.deps.db, { kycStatus: 'approved', ...input });
  const token = await logInAs(t.app, c.email, c.password);
  const get = <R extends RouteDef>(route: R, input: Pick<CallInput<R>, 'query' | 'search'> = {}) =>
    expectOk(t.app, route, { ...input, token });
  return {
    ...c,
    token,
    cart: (tab: CartTab = 'active'): Promise<CartAnswer> => get(getCart, { query: { tab } }),
    orders: (query = ''): Promise<Orders> => get(listOrders, { search: `?expand=items,history${query}` }),
    memoOrders: (): Promise<MemoOrders> => get(listMemoOrders),
    notices: async (): Promise<Notices['notices']> => (await get(listNotices)).notices,
  };
}

export type Buyer = Awaited<ReturnType<typeof buyer>>;

export async function stock(n: number, status: StoneStatus = 'Available') {
  return createStones(
    t.deps.db,
    Array.from({ length: n }, () => ({ status })),
  );
}

export async function stoneNow(id: string) {
  const [row] = await t.deps.db.select().from(stones).where(eq(stones.id, id));
  return row!;
}

export const lotsIn = (cart: CartAnswer) => cart.items.map((i) => i.product.lot_id).sort();

/** Nothing a buyer sees changed: no notice, the stone still Available and not in their cart. */
export async function expectUntouched(c: Buyer, stoneIds: string[], noticesBefore: number) {
  expect(await c.notices()).toHaveLength(noticesBefore);
  expect((await c.cart()).items).toHaveLength(0);
  for (const id of stoneIds) expect((await stoneNow(id)).status).toBe(statusRank('Available'));
}
