import { CART_LIMITS } from '@loupe/contract/cart';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { cartItems, customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Every write of cart_items. The one lock rule: whoever adds to a customer's cart (the customer,
 * or the sales team putting a hold or a memo into it) first locks that customer's row, so adds to
 * one cart run one at a time and two of them can never together pass CART_LIMITS.maxStones.
 */

/**
 * Locks the customer's cart for the transaction: their customers row, FOR NO KEY UPDATE. Two cart
 * writers of one customer exclude each other, while rows that only point at the customer (an
 * order, a notice, a cart item of their own) are not held up by it.
 */
export async function lockCart(tx: Tx, customerId: string) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
}

export async function countIn(db: Executor, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}

export interface PutInCart {
  customerId: string;
  stoneIds: readonly string[];
  at: Date;
  /**
   * A cart without room for all of them: `refuse` adds none (CART_LIMIT_REACHED, the customer's
   * add); `fit` adds what fits, in the order given, and answers the rest (the sales team's hold).
   */
  whenFull: 'refuse' | 'fit';
  /** Stones that are not to be added (sold ones, for a customer), though they count as in the cart if they are. */
  leaveOut?: ReadonlySet<string>;
}

export interface PutResult {
  added: string[];
  alreadyInCart: string[];
  /** Stones that did not fit (only with `fit`). */
  notAdded: string[];
  count: number;
}

/** Puts stones in a customer's cart under the lock and the limit; stones already there stay as they are. */
export async function putStonesInCart(tx: Tx, input: PutInCart): Promise<PutResult> {
  const { customerId, at } = input;
  const wanted = [...new Set(input.stoneIds)];
  await lockCart(tx, customerId);
  const present =
    wanted.length === 0
      ? []
      : await tx
          .select({ stoneId: cartItems.stoneId })
          .from(cartItems)
          .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.stoneId, wanted)));
  const inCart = new Set(present.map((item) => item.stoneId));
  const alreadyInCart = wanted.filter((id) => inCart.has(id));
  const fresh = wanted.filter((id) => !inCart.has(id) && !input.leaveOut?.has(id));

  const before = await countIn(tx, customerId);
  const max = CART_LIMITS.maxStones;
  const room = Math.max(0, max - before);
  if (fresh.length > room && input.whenFull === 'refuse') {
    throw new AppError(
      'CART_LIMIT_REACHED',
      `Your cart holds at most ${max} stones. It has ${before}, so ${
        room === 0 ? 'no more fit' : `only ${room} more ${room === 1 ? 'fits' : 'fit'}`
      }, and ${
        fresh.length === 1 ? 'this stone was' : `these ${fresh.length} stones were`
      } not added. Remove some stones to add more.`,
      { max, in_cart: before, adding: fresh.length },
    );
  }
  const added = fresh.slice(0, room);
  if (added.length > 0) {
    await tx
      .insert(cartItems)
      .values(added.map((stoneId) => ({ customerId, stoneId, createdAt: at })))
      .onConflictDoNothing();
  }
  return {
    added,
    alreadyInCart,
    notAdded: fresh.slice(room),
    count: added.length === 0 ? before : before + added.length,
  };
}

/** Removes cart items by their ids; ids that are not items of this customer's cart are ignored. */
export async function removeCartItems(db: Executor, customerId: string, itemIds: readonly string[]) {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, [...new Set(itemIds)])))
    .returning({ id: cartItems.id });
  return { deleted: deleted.length, count: await countIn(db, customerId) };
}

/** Bought stones leave the buyer's cart; other carts keep them, in their sold tab. */
export async function removeStonesFromCart(tx: Tx, customerId: string, stoneIds: readonly string[]) {
  if (stoneIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.stoneId, [...stoneIds])));
}
