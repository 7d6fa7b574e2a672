import { inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { statusRank } from '../stones/index.ts';
import { lockCart, putStonesInCart } from './cart-rows.ts';

export interface AddToCartResult {
  added: string[];
  already_in_cart: string[];
  unavailable: string[];
  count: number;
}

const SOLD = statusRank('Sold');

/**
 * The customer puts stones in their cart. Every id must be a stone (else 404, nothing added); sold
 * stones are left out and reported; an add that would pass the cart's limit adds nothing. The
 * cart is locked first (putStonesInCart's one lock rule), so what is read here cannot change.
 */
export async function addToCart(
  db: Database,
  clock: Clock,
  customerId: string,
  stoneIds: readonly string[],
): Promise<AddToCartResult> {
  const wanted = [...new Set(stoneIds.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    await lockCart(tx, customerId);
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
    const sold = new Set(wanted.filter((id) => statusOf.get(id) === SOLD));
    const put = await putStonesInCart(tx, {
      customerId,
      stoneIds: wanted,
      at: clock.now(),
      whenFull: 'refuse',
      // A sold stone already in the cart is simply there; one not yet in it is not added.
      leaveOut: sold,
    });
    return {
      added: put.added,
      already_in_cart: put.alreadyInCart,
      unavailable: wanted.filter((id) => sold.has(id) && !put.alreadyInCart.includes(id)),
      count: put.count,
    };
  });
}
