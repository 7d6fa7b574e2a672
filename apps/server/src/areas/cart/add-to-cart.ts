import { CART_LIMITS } from '@loupe/contract/cart';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { cartItems, customers, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { statusRank } from '../stones/index.ts';

export interface AddToCartResult {
  added: string[];
  already_in_cart: string[];
  unavailable: string[];
  count: number;
}

const SOLD = statusRank('Sold');

/**
 * Puts stones in the customer's cart. Every id must be a stone (else 404, nothing added); sold
 * stones are left out and reported; the cart never holds more than CART_LIMITS.maxStones, and an
 * add that would pass it adds nothing. Adds of one customer run one at a time (the customer's row
 * is locked), so two at once cannot both fit under the limit and together pass it.
 */
export async function addToCart(
  db: Database,
  clock: Clock,
  customerId: string,
  stoneIds: readonly string[],
): Promise<AddToCartResult> {
  const wanted = [...new Set(stoneIds.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');

    const found = await tx
      .select({ id: stones.id, status: stones.status })
      .from(stones)
      .where(inArray(stones.id, wanted));
    const statusOf = new Map(found.map((stone) => [stone.id, stone.status]));
    const unknown = wanted.filter((id) => !statusOf.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        'NOT_FOUND',
        `${unknown.length === 1 ? 'No stone has the id' : 'No stones have the ids'} ${unknown.join(', ')}. Nothing was added to your cart.`,
        unknown.map((id) => ({
          path: `variants.${stoneIds.findIndex((given) => given.toLowerCase() === id)}`,
          message: `No stone ${id}`,
        })),
      );
    }

    const present = await tx
      .select({ stoneId: cartItems.stoneId })
      .from(cartItems)
      .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.stoneId, wanted)));
    const inCart = new Set(present.map((item) => item.stoneId));
    const alreadyInCart = wanted.filter((id) => inCart.has(id));
    const unavailable = wanted.filter((id) => !inCart.has(id) && statusOf.get(id) === SOLD);
    const toAdd = wanted.filter((id) => !inCart.has(id) && statusOf.get(id) !== SOLD);

    const before = await countIn(tx, customerId);
    const max = CART_LIMITS.maxStones;
    if (before + toAdd.length > max) {
      const room = Math.max(0, max - before);
      throw new AppError(
        'CART_LIMIT_REACHED',
        `Your cart holds at most ${max} stones. It has ${before}, so ${
          room === 0 ? 'no more fit' : `only ${room} more ${room === 1 ? 'fits' : 'fit'}`
        } and these ${toAdd.length} were not added. Remove some stones to add more.`,
        { max, in_cart: before, adding: toAdd.length },
      );
    }
    if (toAdd.length > 0) {
      const now = clock.now();
      await tx
        .insert(cartItems)
        .values(toAdd.map((stoneId) => ({ customerId, stoneId, createdAt: now })))
        .onConflictDoNothing();
    }
    return {
      added: toAdd,
      already_in_cart: alreadyInCart,
      unavailable,
      count: toAdd.length === 0 ? before : await countIn(tx, customerId),
    };
  });
}

export async function countIn(db: Pick<Database, 'select'>, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}
