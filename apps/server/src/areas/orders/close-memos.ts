import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { memoOrderItems, memoOrders } from '../../platform/db/schema/index.ts';

/**
 * A memo order is closed once none of its stones is out on memo any more (each one returned or
 * bought). Called after lines of these memos were returned or bought, in the same transaction.
 */
export async function closeFinishedMemos(tx: Database, memoOrderIds: readonly string[]) {
  const ids = [...new Set(memoOrderIds)];
  if (ids.length === 0) return;
  await tx
    .update(memoOrders)
    .set({ status: 'closed' })
    .where(
      and(
        inArray(memoOrders.id, ids),
        sql`not exists (select 1 from ${memoOrderItems} where ${memoOrderItems.memoOrderId} = ${memoOrders.id} and ${memoOrderItems.status} = 'on_memo')`,
      ),
    );
}
