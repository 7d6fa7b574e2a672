import { BID_LIMITS, type BidPlaced } from '@loupe/contract/bidding';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/client.ts';
import { bidLog, bids } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotice } from '../notices/index.ts';
import type { StoneRow } from '../stones/index.ts';
import type { BidRound } from './rounds.ts';

export type StandingBid = typeof bids.$inferSelect;

const pct = (value: number) => `${value.toFixed(2)}%`;

/** A stone's bids in a round as a new bid of this customer needs them. */
export interface StoneBids {
  /** My bid on it, cancelled or not (a bid again revives the row). */
  mine: StandingBid | null;
  /** Every bid on it that stands. */
  standing: StandingBid[];
}

/** The standing bids on a stone in a round, and mine even if cancelled, in one read. */
export async function readStoneBids(
  tx: Tx,
  roundId: string,
  stoneId: string,
  customerId: string,
): Promise<StoneBids> {
  const found = await tx
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.roundId, roundId),
        eq(bids.stoneId, stoneId),
        or(isNull(bids.canceledAt), eq(bids.customerId, customerId)),
      ),
    );
  return {
    mine: found.find((b) => b.customerId === customerId) ?? null,
    standing: found.filter((b) => b.canceledAt === null),
  };
}

/**
 * Records a bid in the caller's transaction, which holds the round's lock and keeps the stone's bids
 * to itself (the round's lock alone, or the stone's row lock under a shared round lock): checks it
 * beats the floor (the stone's `floor` for a first bid, my own standing bid for a raise), appends it
 * to the log and raises my standing bid. Answers the previous leader of the stone when this bid
 * took the lead from another bidder. A refused bid throws before anything is written. `onStone` is
 * the stone's bids when the caller has read them already.
 */
export async function recordBid(
  tx: Tx,
  round: BidRound,
  stone: StoneRow,
  customerId: string,
  value: number,
  floor: number,
  now: Date,
  onStone?: StoneBids,
): Promise<StandingBid | null> {
  const { mine, standing: onStoneStanding } =
    onStone ?? (await readStoneBids(tx, round.id, stone.id, customerId));
  const standing = mine && mine.canceledAt === null ? mine : null;
  if (standing && value <= standing.value) {
    throw new AppError('BID_TOO_LOW', `Your bid must be above your current bid of ${pct(standing.value)}.`);
  }
  if (!standing && value <= floor) {
    throw new AppError('BID_TOO_LOW', `Your bid must be above ${pct(floor)}.`);
  }
  // The highest standing bid; of equal bids the earlier.
  const leader = onStoneStanding.reduce<StandingBid | undefined>(
    (best, b) => (!best || b.value > best.value || (b.value === best.value && b.seq < best.seq) ? b : best),
    undefined,
  );
  const [logged] = await tx
    .insert(bidLog)
    .values({ roundId: round.id, stoneId: stone.id, customerId, action: 'bid', value, at: now })
    .returning({ seq: bidLog.seq });
  await tx
    .insert(bids)
    .values({ roundId: round.id, stoneId: stone.id, customerId, value, seq: logged!.seq, placedAt: now })
    .onConflictDoUpdate({
      target: [bids.roundId, bids.stoneId, bids.customerId],
      set: { value, seq: logged!.seq, placedAt: now, canceledAt: null },
    });
  return leader && leader.customerId !== customerId && value > leader.value ? leader : null;
}

/**
 * Tells the bidder who led a stone that they are outbid, at most once per stone per 5 minutes
 * (the last notice's time is kept on their bid).
 */
export async function noticeOutbid(tx: Tx, clock: Clock, outbid: StandingBid, lot: string) {
  const now = clock.now();
  if (
    outbid.outbidNoticeAt &&
    now.getTime() - outbid.outbidNoticeAt.getTime() < BID_LIMITS.outbidNoticeEveryMs
  ) {
    return;
  }
  await tx.update(bids).set({ outbidNoticeAt: now }).where(eq(bids.id, outbid.id));
  await createNotice(tx, clock, {
    customerId: outbid.customerId,
    kind: 'bid_outbid',
    title: 'You have been outbid',
    message: `Another buyer bid more than your ${pct(outbid.value)} on ${lot}. Raise your bid before the round closes.`,
    targetPage: 'new-arrival:activeBid',
  });
}

/**
 * Withdraws my standing bids on these stones of a round (the caller holds the round's lock); answers
 * the stones whose bid it withdrew.
 */
export async function withdrawBids(
  tx: Tx,
  round: BidRound,
  customerId: string,
  stoneIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const withdrawn = await tx
    .update(bids)
    .set({ canceledAt: now })
    .where(
      and(
        eq(bids.roundId, round.id),
        eq(bids.customerId, customerId),
        inArray(bids.stoneId, [...new Set(stoneIds)]),
        isNull(bids.canceledAt),
      ),
    )
    .returning({ stoneId: bids.stoneId });
  if (withdrawn.length > 0) {
    await tx.insert(bidLog).values(
      withdrawn.map((w) => ({
        roundId: round.id,
        stoneId: w.stoneId,
        customerId,
        action: 'cancel' as const,
        value: null,
        at: now,
      })),
    );
  }
  return withdrawn.map((w) => w.stoneId);
}

export function placed(productId: string, value: number): BidPlaced {
  return { status: 'success', product_id: productId, bid_value: value };
}
