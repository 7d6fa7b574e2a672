import type { listMemoOrders, MemoOrder } from '@loupe/contract/orders';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { memoOrderItems, memoOrders, stones } from '../../platform/db/schema/index.ts';
import { round2, type StockViewer, toStone, viewOf } from '../stones/index.ts';
import { memoNumberOf } from './numbers.ts';

export type ListMemoOrdersQuery = z.output<NonNullable<(typeof listMemoOrders)['query']>>;

/**
 * `GET /store/customers/me/memo-orders`: the customer's memo orders, newest first, each with its
 * stones as they are now. A memo customer is normally approved and sees prices; otherwise the
 * stones' prices are withheld as everywhere in the stock, while each item's memo amount (the
 * customer's own paperwork) stays.
 */
export async function listCustomerMemoOrders(db: Database, viewer: StockViewer, query: ListMemoOrdersQuery) {
  const conditions: SQL[] = [eq(memoOrders.customerId, viewer.customerId)];
  if (query.status) conditions.push(eq(memoOrders.status, query.status));
  const where = and(...conditions);
  const [memos, [total]] = await Promise.all([
    db
      .select()
      .from(memoOrders)
      .where(where)
      .orderBy(desc(memoOrders.issuedAt), desc(memoOrders.memoNumber))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ count: sql<number>`count(*)::integer` }).from(memoOrders).where(where),
  ]);
  const items =
    memos.length === 0
      ? []
      : await db
          .select({ item: memoOrderItems, stone: stones })
          .from(memoOrderItems)
          .innerJoin(stones, eq(stones.id, memoOrderItems.stoneId))
          .where(
            inArray(
              memoOrderItems.memoOrderId,
              memos.map((m) => m.id),
            ),
          )
          .orderBy(asc(memoOrderItems.lotId), asc(memoOrderItems.id));

  const memoOrdersOut: MemoOrder[] = memos.map((memo) => {
    const own = items.filter(({ item }) => item.memoOrderId === memo.id);
    return {
      id: memo.id,
      memo_number: memoNumberOf(memo.memoNumber),
      status: memo.status,
      issued_at: memo.issuedAt.toISOString(),
      due_at: memo.dueAt?.toISOString() ?? null,
      stone_count: own.length,
      total_carats: round2(own.reduce((sum, { stone }) => sum + stone.carats, 0)),
      total_amount: round2(own.reduce((sum, { item }) => sum + item.amount, 0)),
      items: own.map(({ item, stone }) => ({
        id: item.id,
        stone_id: item.stoneId,
        lot_id: item.lotId,
        product: toStone(stone, viewOf(viewer)),
        status: item.status,
        amount: item.amount,
      })),
    };
  });
  return { memo_orders: memoOrdersOut, count: total?.count ?? 0 };
}
