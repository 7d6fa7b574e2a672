import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { cartItems } from '../../platform/db/schema/index.ts';
import { countIn } from './add-to-cart.ts';

/** Removes cart items by their ids; ids that are not items of this customer's cart are ignored. */
export async function removeFromCart(db: Database, customerId: string, itemIds: readonly string[]) {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), inArray(cartItems.id, [...new Set(itemIds)])))
    .returning({ id: cartItems.id });
  return { deleted: deleted.length, count: await countIn(db, customerId) };
}
