import type { BidHistoryRow } from '@loupe/contract/bidding';
import { and, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type BidRoundKind, bidRounds, bids, stones } from '../../platform/db/schema/index.ts';
import { requireApprovedKyc, type StockViewer, selectStones, toStone } from '../stones/index.ts';

/**
 * My bids of closed rounds of a kind, newest first, each with whether it won. New arrivals show
 * the round's highest bid on the stone (`current_max_bid`); bid to buy is sealed, so there it is my own bid when I won
 * and null otherwise.
 */
export async function bidHistory(
  db: Database,
  viewer: StockViewer,
  kind: BidRoundKind,
): Promise<{ bids: BidHistoryRow[]; count: number }> {
  requireApprovedKyc(viewer, 'Complete your KYC to see your bids.');
  const { customerId } = viewer;
  const mine = await db
    .select({
      roundId: bids.roundId,
      stoneId: bids.stoneId,
      value: bids.value,
      placedAt: bids.placedAt,
      result: bids.result,
    })
    .from(bids)
    .innerJoin(bidRounds, eq(bidRounds.id, bids.roundId))
    .where(and(eq(bids.customerId, customerId), eq(bidRounds.kind, kind), isNotNull(bids.result)))
    .orderBy(desc(bids.placedAt), desc(bids.seq));
  if (mine.length === 0) return { bids: [], count: 0 };
  const stoneIds = [...new Set(mine.map((b) => b.stoneId))];
  const rows = new Map(
    (await selectStones(db, { where: inArray(stones.id, stoneIds) })).map((row) => [row.id, row]),
  );
  const winning = new Map<string, number>();
  if (kind === 'new_arrivals') {
    const won = await db
      .select({ roundId: bids.roundId, stoneId: bids.stoneId, value: max(bids.value) })
      .from(bids)
      .where(
        and(
          inArray(bids.roundId, [...new Set(mine.map((b) => b.roundId))]),
          inArray(bids.stoneId, stoneIds),
          isNotNull(bids.result),
        ),
      )
      .groupBy(bids.roundId, bids.stoneId);
    for (const w of won) if (w.value !== null) winning.set(`${w.roundId}/${w.stoneId}`, w.value);
  }
  const out = mine.map((b): BidHistoryRow => {
    const isWin = b.result === 'won';
    return {
      ...toStone(rows.get(b.stoneId)!, { showPrices: true, customerId }),
      my_current_bid: b.value,
      current_max_bid:
        kind === 'new_arrivals' ? (winning.get(`${b.roundId}/${b.stoneId}`) ?? null) : isWin ? b.value : null,
      last_bid_date: b.placedAt.toISOString(),
      is_win: isWin,
    };
  });
  return { bids: out, count: out.length };
}
