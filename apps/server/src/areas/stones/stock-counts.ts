import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { and, count, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { statusRank } from './stone-columns.ts';

/** Stones certified within the last 24 hours that a buyer can still get (Available, Hold, Memo). */
export async function countNewArrivals(db: Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - STOCK_LIMITS.newArrivalHours * 3_600_000);
  const [row] = await db
    .select({ n: count() })
    .from(stones)
    .where(
      and(
        gt(stones.certifiedAt, since),
        lte(stones.certifiedAt, now),
        inArray(stones.status, [statusRank('Available'), statusRank('Hold'), statusRank('Memo')]),
      ),
    );
  return row?.n ?? 0;
}

/** Stones set aside for the bid-to-buy event. */
export async function countBidToBuyStones(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stones)
    .where(eq(stones.status, statusRank('BidToBuy')));
  return row?.n ?? 0;
}

/** Generated stones in stock, so a further `stock generate` carries on after them. */
export async function countGeneratedStones(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stones).where(eq(stones.source, 'generated'));
  return row?.n ?? 0;
}
