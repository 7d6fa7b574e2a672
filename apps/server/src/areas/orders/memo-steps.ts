import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { memoOrderItems, memoOrders } from '../../platform/db/schema/index.ts';
import { type StoneRow, sendOnMemo } from '../stones/index.ts';

/**
 * A memo order's life as rows: issued (its stones go on memo with the customer), lines returned
 * or bought, and closed once nothing of it is out any more. Each runs in the caller's transaction.
 */

export type MemoOrderRow = typeof memoOrders.$inferSelect;

/**
 * Issues a memo order for locked stones: they go on memo, reserved for the customer until the due
 * date (stones that are not free are refused), each an `on_memo` line at the stone's amount.
 */
export async function issueMemoOrder(
  tx: Tx,
  input: { customerId: string; stones: readonly StoneRow[]; dueAt: Date | null; issuedAt: Date },
) {
  await sendOnMemo(tx, input.stones, input.customerId, input.dueAt, input.issuedAt);
  const [memo] = await tx
    .insert(memoOrders)
    .values({ customerId: input.customerId, status: 'open', issuedAt: input.issuedAt, dueAt: input.dueAt })
    .returning();
  const items = await tx
    .insert(memoOrderItems)
    .values(
      input.stones.map((r) => ({
        memoOrderId: memo!.id,
        stoneId: r.id,
        lotId: r.lotId,
        amount: r.amount,
        status: 'on_memo' as const,
      })),
    )
    .returning();
  return { memoOrder: memo!, items };
}

/**
 * A memo order is closed once none of its stones is out on memo any more (each one returned or
 * bought). Called after lines of these memos were returned or bought, in the same transaction.
 */
async function closeFinishedMemos(tx: Tx, memoOrderIds: readonly string[]) {
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

/** Stones back from memo: their open lines are returned, and a memo with nothing left out closes. */
export async function recordMemoReturn(tx: Tx, stoneIds: readonly string[], at: Date) {
  if (stoneIds.length === 0) return;
  const returned = await tx
    .update(memoOrderItems)
    .set({ status: 'returned', closedAt: at })
    .where(and(eq(memoOrderItems.status, 'on_memo'), inArray(memoOrderItems.stoneId, [...stoneIds])))
    .returning({ memoOrderId: memoOrderItems.memoOrderId });
  await closeFinishedMemos(
    tx,
    returned.map((r) => r.memoOrderId),
  );
}

/**
 * A stone on memo with this buyer that they buy closes its memo line, and the memo when nothing
 * else of it is still out.
 */
export async function recordMemoPurchase(tx: Tx, customerId: string, stoneIds: readonly string[], at: Date) {
  if (stoneIds.length === 0) return;
  const bought = await tx
    .update(memoOrderItems)
    .set({ status: 'bought', closedAt: at })
    .where(
      and(
        inArray(memoOrderItems.stoneId, [...stoneIds]),
        eq(memoOrderItems.status, 'on_memo'),
        inArray(
          memoOrderItems.memoOrderId,
          tx.select({ id: memoOrders.id }).from(memoOrders).where(eq(memoOrders.customerId, customerId)),
        ),
      ),
    )
    .returning({ memoOrderId: memoOrderItems.memoOrderId });
  await closeFinishedMemos(
    tx,
    bought.map((item) => item.memoOrderId),
  );
}
