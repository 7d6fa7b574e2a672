import { BID_LIMITS, type BidPlaced } from '@loupe/contract/bidding';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/client.ts';
import { bidLog, bids } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { noticeInsertPart } from '../notices/index.ts';
import { type BidRound, notifyStoneNews } from './rounds.ts';

const pct = (value: number) => `${value.toFixed(2)}%`;

/** A bid to record, with what the caller found when it locked the round and the stone. */
export interface BidAttempt {
  roundId: string;
  stoneId: string;
  customerId: string;
  value: number;
  /** What a first bid must beat: the stone's discount, or the event floor. */
  floor: number;
  now: Date;
  /** The stone is open even with no standing bid on it (a fresh new arrival, every event stone). */
  openWithoutBids: boolean;
  /**
   * New arrivals: tell the leader this bid overtakes that they are outbid, when a notice is due;
   * the stone's lot names it in the notice.
   */
  outbidNotice?: { lot: string };
  /** Anti-sniping: the round's end moves here with the bid (the caller holds the round alone). */
  moveEndTo?: Date;
  /**
   * NOTIFY `loupe_bids` with the stone's news, so every instance tells its bidders and refreshes
   * their views once the bid commits.
   */
  announce: boolean;
}

export type Recorded = {
  outcome: 'placed' | 'too_low' | 'not_open';
  mine: number | null;
};

/**
 * Records a bid in one statement of the caller's transaction (`recordBidStatement`, then
 * `acceptRecorded` of its answer), which holds the round's lock and the
 * stone's (the round's alone, or the stone's row lock under a shared round lock), taken by an
 * earlier statement so that this one's snapshot sees every bid committed on the stone before it.
 * The statement checks the bid (the stone still open: fresh or with standing bids; above my own
 * standing bid for a raise, above the floor for a first bid), appends it to the log, raises my
 * standing bid, claims the outbid notice of the leader it overtook (the highest standing bid, the
 * earlier of equal ones; at most one per stone per 5 minutes) and writes it (the notices area's
 * insert as part of this statement: decision 055), moves the round's end and announces the bid,
 * and answers what it did. A refused bid throws and nothing was written: every write hangs on the
 * verdict (decision 044).
 */
export async function recordBid(tx: Tx, bid: BidAttempt): Promise<void> {
  const [recorded] = await rows<Recorded>(tx, recordBidStatement(bid));
  acceptRecorded(recorded, bid);
}

/** `recordBid`'s statement, for a caller that sends it its own way (with the COMMIT: decision 055). */
export function recordBidStatement(bid: BidAttempt): SQL {
  const { roundId, stoneId, customerId, value, now } = bid;
  const at = now.toISOString();
  const noticeDueBefore = new Date(now.getTime() - BID_LIMITS.outbidNoticeEveryMs).toISOString();
  const moved = bid.moveEndTo
    ? sql`, moved AS (
        UPDATE bid_rounds SET ends_at = ${bid.moveEndTo.toISOString()}
        FROM raised WHERE bid_rounds.id = ${roundId}
      )`
    : sql``;
  // The stone's news as the bid leaves it (decision 045), from what this statement read before
  // writing (a statement does not see its own writes): the other standing bids and this one.
  const announced = bid.announce
    ? sql`, announced AS (
        SELECT ${notifyStoneNews({
          roundId: sql`${roundId}::uuid`,
          productId: sql`${stoneId}::uuid`,
          max: sql`greatest(others.max, ${value}::float8)`,
          count: sql`others.count + 1`,
          endsAt: sql`coalesce(${bid.moveEndTo?.toISOString() ?? null}::timestamptz, round.ends_at)`,
        })}
        FROM raised,
          (SELECT max(value) AS max, count(*)::int AS count FROM on_stone
           WHERE canceled_at IS NULL AND customer_id <> ${customerId}) others,
          (SELECT ends_at FROM bid_rounds WHERE id = ${roundId}) round
      )`
    : sql`, announced AS (SELECT 1 WHERE false)`;
  // The outbid notice: the notices area's insert for the leader `told` claimed, if any.
  const notice = bid.outbidNotice
    ? noticeInsertPart({
        from: sql`told`,
        customerId: sql`told.customer_id`,
        kind: 'bid_outbid',
        title: 'You have been outbid',
        message: sql`'Another buyer bid more than your ' || round(told.value::numeric, 2) || '% on '
          || ${bid.outbidNotice.lot}::text || '. Raise your bid before the round closes.'`,
        targetPage: 'new-arrival:activeBid',
        createdAt: now,
      })
    : sql``;
  return sql`
      WITH on_stone AS (
        SELECT id, customer_id, value, seq, canceled_at, outbid_notice_at FROM bids
        WHERE round_id = ${roundId} AND stone_id = ${stoneId}
          AND (canceled_at IS NULL OR customer_id = ${customerId})
      ), mine AS (
        SELECT value FROM on_stone WHERE customer_id = ${customerId} AND canceled_at IS NULL
      ), leader AS (
        SELECT id, customer_id, value, outbid_notice_at FROM on_stone WHERE canceled_at IS NULL
        ORDER BY value DESC, seq ASC LIMIT 1
      ), verdict AS (
        SELECT CASE
            WHEN NOT (${bid.openWithoutBids} OR EXISTS (SELECT 1 FROM leader)) THEN 'not_open'
            WHEN ${value} <= coalesce((SELECT value FROM mine), ${bid.floor}) THEN 'too_low'
            ELSE 'placed'
          END AS outcome,
          (SELECT value FROM mine) AS mine
      ), logged AS (
        INSERT INTO bid_log (round_id, stone_id, customer_id, action, value, at)
        SELECT ${roundId}, ${stoneId}, ${customerId}, 'bid', ${value}, ${at}
        FROM verdict WHERE outcome = 'placed'
        RETURNING seq
      ), raised AS (
        INSERT INTO bids (round_id, stone_id, customer_id, value, seq, placed_at)
        SELECT ${roundId}, ${stoneId}, ${customerId}, ${value}, seq, ${at} FROM logged
        ON CONFLICT (round_id, stone_id, customer_id) DO UPDATE
          SET value = excluded.value, seq = excluded.seq, placed_at = excluded.placed_at, canceled_at = NULL
        RETURNING id
      ), told AS (
        UPDATE bids SET outbid_notice_at = ${at}
        FROM leader, raised
        WHERE ${bid.outbidNotice !== undefined} AND bids.id = leader.id
          AND leader.customer_id <> ${customerId} AND leader.value < ${value}
          AND (leader.outbid_notice_at IS NULL OR leader.outbid_notice_at <= ${noticeDueBefore})
        RETURNING bids.customer_id, bids.value
      )${moved}${announced}${notice}
      SELECT verdict.outcome, verdict.mine, (SELECT count(*) FROM announced) AS announced
      FROM verdict`;
}

/** Throws the refusal `recordBidStatement` answered, if it refused the bid (it then wrote nothing). */
export function acceptRecorded(recorded: Recorded | undefined, bid: BidAttempt) {
  if (!recorded) throw new Error('recording a bid answered nothing');
  if (recorded.outcome === 'not_open') {
    throw new AppError('BID_NOT_OPEN', 'This stone is not open for bidding in the current round.');
  }
  if (recorded.outcome === 'too_low') {
    throw new AppError(
      'BID_TOO_LOW',
      recorded.mine === null
        ? `Your bid must be above ${pct(bid.floor)}.`
        : `Your bid must be above your current bid of ${pct(recorded.mine)}.`,
    );
  }
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
