import type { Stone } from '@loupe/contract/stones';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { cartItems } from '../../platform/db/schema/index.ts';

/**
 * The stones a customer is shown, each with `in_cart` saying whether it is in their cart (the
 * grid's "In Cart" legend): one query on the cart for the page's stones.
 */
export async function markInCart(db: Database, customerId: string, stones: Stone[]): Promise<Stone[]> {
  if (stones.length === 0) return stones;
  const rows = await db
    .select({ stoneId: cartItems.stoneId })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.customerId, customerId),
        inArray(
          cartItems.stoneId,
          stones.map((stone) => stone.id),
        ),
      ),
    );
  const inCart = new Set(rows.map((row) => row.stoneId));
  return stones.map((stone) => ({ ...stone, in_cart: inCart.has(stone.id) }));
}

/**
 * Whether the stone whose id is `stoneId` (a column of the reading query) is in the customer's
 * cart, as a condition to read with the stones themselves: the search's page and its marks in one
 * statement (decision 035).
 */
export function inCartCondition(customerId: string, stoneId: SQL): SQL {
  return sql`exists (select 1 from ${cartItems} where ${cartItems.customerId} = ${customerId} and ${cartItems.stoneId} = ${stoneId})`;
}
