import { confirmStones, confirmTimeCheck, type StoneCheck } from '@loupe/contract/confirmation';
import type { ResponseOf } from '@loupe/contract/route';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createKam } from '../app/seed/factories.ts';
import { createStones, type StoneSpec } from '../app/seed/stone-factory.ts';
import { reviseStones, statusAt } from '../areas/stones/index.ts';
import { orders, stones } from '../platform/db/schema/index.ts';
import { injectRoute } from './call-route.ts';
import { loggedInCustomer } from './stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from './test-app.ts';

/**
 * The world of the confirmation tests (domain-facts §5 "Confirm flow"): an app, a KAM in India and
 * four customers, made before the file's tests (`useConfirmWorld()` registers the hooks). The
 * exports are live bindings, set once the hooks have run.
 */

export type CheckAnswer = ResponseOf<typeof confirmTimeCheck>;
export type Buyer = Awaited<ReturnType<typeof loggedInCustomer>>;
export type Line = { id: string; amount: number };
export type ErrorAnswer = { code: string; message: string; details?: { stones: StoneCheck[] } };

export const HOUR = 3_600_000;

export let t: TestApp;
export let kam: Awaited<ReturnType<typeof createKam>>;
/** Approved KYC, KAM in India. */
export let buyer: Buyer;
/** Approved KYC, another customer. */
export let rival: Buyer;
/** Approved KYC, no KAM. */
export let loner: Buyer;
export let pending: Buyer;

/**
 * Registers the world's hooks for the calling test file: call it at the file's top. (Hooks at this
 * module's top would serve only the first file of a test worker, which evaluates a module once.)
 */
export function useConfirmWorld() {
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
}

/** New stones every test, so no test depends on what another sold. */
export const fresh = (specs: StoneSpec[]) => createStones(t.deps.db, specs);
export const line = (stone: { id: string; amount: number }): Line => ({ id: stone.id, amount: stone.amount });

export function timeCheck(who: Buyer, variants: Line[]) {
  return injectRoute(t.app, confirmTimeCheck, { headers: bearer(who.token), rawBody: { variants } });
}

export function confirm(who: Buyer, variants: Line[], options: { comments?: string; page?: string } = {}) {
  return injectRoute(t.app, confirmStones, {
    search: options.page ? `?request_page=${options.page}` : '',
    headers: bearer(who.token),
    rawBody: { variants, ...(options.comments === undefined ? {} : { comments: options.comments }) },
  });
}

export async function checked(who: Buyer, variants: Line[]): Promise<CheckAnswer> {
  const res = await timeCheck(who, variants);
  expect(res.statusCode, res.body).toBe(200);
  return json<CheckAnswer>(res);
}

export async function statusOf(stoneId: string): Promise<StoneStatus> {
  const [row] = await t.deps.db.select({ status: stones.status }).from(stones).where(eq(stones.id, stoneId));
  return statusAt(row!.status);
}

export async function ordersOf(customerId: string) {
  return t.deps.db.select().from(orders).where(eq(orders.customerId, customerId));
}

export async function setAmount(stoneId: string, amount: number) {
  await reviseStones(t.deps.db, [stoneId], { amount });
}
