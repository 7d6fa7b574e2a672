import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rows, type Tx } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { type StoneRow, statusRank } from './stone-columns.ts';
import { releaseStones } from './stone-lifecycle.ts';

/**
 * Removes stones by stock number (any case), outside production: the end-to-end tests' cleanup of
 * the stones they imported. A stone on an order, a memo or a bid stays, and so do the others: the
 * 409 names the stones still in use, nothing is removed. Answers how many went.
 */
export async function removeStones(db: Database, lotIds: readonly string[]): Promise<number> {
  const lower = [...new Set(lotIds.map((l) => l.toLowerCase()))];
  return db.transaction(async (tx) => {
    const inUse = await rows<{ lot_id: string }>(
      tx,
      sql`SELECT s.lot_id FROM stones s
          WHERE lower(s.lot_id) IN (${sql.join(
            lower.map((l) => sql`${l}`),
            sql`, `,
          )})
            AND (EXISTS (SELECT 1 FROM order_items i WHERE i.stone_id = s.id)
              OR EXISTS (SELECT 1 FROM memo_order_items m WHERE m.stone_id = s.id)
              OR EXISTS (SELECT 1 FROM bids b WHERE b.stone_id = s.id))
          ORDER BY s.lot_id`,
    );
    if (inUse.length > 0) {
      throw new AppError(
        'CONFLICT',
        `Still on an order, a memo or a bid: ${inUse.map((r) => r.lot_id).join(', ')}. Nothing was removed.`,
      );
    }
    const removed = await tx
      .delete(stones)
      .where(inArray(sql`lower(${stones.lotId})`, lower))
      .returning({ id: stones.id });
    return removed.length;
  });
}

/**
 * The holds and memos of a customer who is being removed end first: their stones are Available to
 * every buyer again instead of staying reserved for nobody.
 */
export async function releaseStonesOf(tx: Tx, customerId: string, now: Date) {
  const reserved = (await tx
    .select()
    .from(stones)
    .where(
      and(
        eq(stones.reservedFor, customerId),
        inArray(stones.status, [statusRank('Hold'), statusRank('Memo')]),
      ),
    )
    .for('no key update')) as StoneRow[];
  if (reserved.length > 0) await releaseStones(tx, reserved, now);
}
