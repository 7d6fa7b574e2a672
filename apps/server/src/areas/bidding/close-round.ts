import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { defineJob, enqueueJob } from '../../platform/jobs/index.ts';
import { rescheduleBidToBuyEvent } from '../portal/index.ts';
import { returnBidToBuyStones } from '../stones/index.ts';
import { type Award, awardRound } from './award-round.ts';
import {
  announceBids,
  type BidRound,
  insertRound,
  lockOpenRound,
  lockRound,
  nextRoundClose,
  type RoundLock,
} from './rounds.ts';

const closePayload = z.object({
  roundId: z.uuid(),
  /** New arrivals: when the next daily round closes (BID_ROUND_CLOSE), opened with the close. */
  closeAt: z.string().optional(),
});

/**
 * Closes a round at its end: enqueued for the round's end when the round opens, in that
 * transaction. Run early (the end moved later by a bid in the last minutes) it puts itself back for
 * the new end. The round's row lock and `closed_at` make the award happen once, whichever instance
 * or operator command gets there first.
 */
export const closeRoundJob = defineJob(
  'bidding.close-round',
  closePayload,
  async ({ roundId, closeAt }, { db, clock }) => {
    await db.transaction(async (tx) => {
      const round = await lockRound(tx, roundId);
      if (!round || round.closedAt) return;
      if (round.endsAt > clock.now()) {
        await enqueueJob(tx, closeRoundJob, { roundId, closeAt }, { key: roundId, runAt: round.endsAt });
        return;
      }
      await closeLockedRound(tx, clock, round, closeAt);
    });
  },
);

export interface RoundClose extends Award {
  /** Bid-to-buy stones returned to stock. */
  returned: number;
  next: BidRound | null;
}

/** Awards a locked open round now, opens the next new-arrivals round, and wakes the bidders. */
export async function closeLockedRound(
  tx: Tx,
  clock: Clock,
  round: BidRound,
  closeAt: string | undefined,
): Promise<RoundClose> {
  const award = await awardRound(tx, clock, round);
  let returned = 0;
  let next: BidRound | null = null;
  if (round.kind === 'bid_to_buy') {
    returned = await returnBidToBuyStones(tx, clock.now());
    if (round.eventId && round.endsAt > clock.now()) {
      await rescheduleBidToBuyEvent(tx, round.eventId, { endsAt: clock.now() });
    }
  } else if (closeAt) {
    next = await openNewArrivalRound(tx, clock.now(), closeAt);
  }
  await announceBids(tx);
  return { ...award, returned, next };
}

/** Opens a new-arrivals round closing at the next `closeAt`, with its close job; null if one is open. */
export async function openNewArrivalRound(tx: Tx, now: Date, closeAt: string): Promise<BidRound | null> {
  const round = await insertRound(tx, {
    kind: 'new_arrivals',
    startsAt: now,
    endsAt: nextRoundClose(now, closeAt),
  });
  if (round) {
    await enqueueJob(
      tx,
      closeRoundJob,
      { roundId: round.id, closeAt },
      { key: round.id, runAt: round.endsAt },
    );
  }
  return round;
}

/** The open new-arrivals round, locked; opened first when there is none. */
export async function lockNewArrivalRound(
  tx: Tx,
  now: Date,
  closeAt: string,
  lock: RoundLock = 'update',
): Promise<BidRound> {
  const open = await lockOpenRound(tx, 'new_arrivals', lock);
  if (open) return open;
  await openNewArrivalRound(tx, now, closeAt);
  const round = await lockOpenRound(tx, 'new_arrivals', lock);
  if (!round) throw new Error('no new-arrivals round after opening one');
  return round;
}

/** `bids close-round`: closes the current new-arrivals round now, as at its end, and opens the next. */
export async function closeNewArrivalRoundNow(db: Database, clock: Clock, closeAt: string) {
  return db.transaction(async (tx) => {
    const round = await lockNewArrivalRound(tx, clock.now(), closeAt);
    const closed = await closeLockedRound(tx, clock, round, closeAt);
    return {
      awarded: closed.awarded,
      unsold: closed.unsold,
      next_end_time: closed.next!.endsAt.toISOString(),
    };
  });
}
