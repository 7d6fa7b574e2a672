import { bidStoneChange } from '@loupe/contract/bidding';
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { type BidRoundKind, bidRounds, bids } from '../../platform/db/schema/index.ts';

export type BidRound = typeof bidRounds.$inferSelect;

/** PostgreSQL NOTIFY channel: every instance's bidding service refreshes its bidders on it. */
export const BIDS_CHANNEL = 'loupe_bids';

/** The first `HH:MM` UTC strictly after `now`: when a new-arrivals round opened now closes. */
export function nextRoundClose(now: Date, closeAt: string): Date {
  const [hours, minutes] = closeAt.split(':').map(Number) as [number, number];
  const close = new Date(now);
  close.setUTCHours(hours, minutes, 0, 0);
  if (close <= now) close.setUTCDate(close.getUTCDate() + 1);
  return close;
}

/**
 * How a transaction holds its round: `update` alone (cancels, the close, a bid that moves the end,
 * bid to buy), `share` alongside the other new-arrival bids, which queue on their stone instead.
 * Either way the close waits for every bid that holds the round, and a bid waiting for a close
 * finds the round closed.
 */
export type RoundLock = 'update' | 'share';

/** The open round of a kind, locked for the transaction (bids, cancels and the close queue on it). */
export async function lockOpenRound(
  tx: Tx,
  kind: BidRoundKind,
  lock: RoundLock = 'update',
): Promise<BidRound | null> {
  const [round] = await tx
    .select()
    .from(bidRounds)
    .where(and(eq(bidRounds.kind, kind), isNull(bidRounds.closedAt)))
    .for(lock);
  return round ?? null;
}

/** The open round of a kind, unlocked (views). */
export async function findOpenRound(db: Executor, kind: BidRoundKind): Promise<BidRound | null> {
  const [round] = await db
    .select()
    .from(bidRounds)
    .where(and(eq(bidRounds.kind, kind), isNull(bidRounds.closedAt)));
  return round ?? null;
}

export async function lockRound(tx: Tx, roundId: string): Promise<BidRound | null> {
  const [round] = await tx.select().from(bidRounds).where(eq(bidRounds.id, roundId)).for('update');
  return round ?? null;
}

/**
 * Opens a round unless one of its kind is open already (the partial unique index decides between
 * two instances); answers the new round, or null when another was there.
 */
export async function insertRound(
  tx: Tx,
  round: { kind: BidRoundKind; startsAt: Date; endsAt: Date; eventId?: string },
): Promise<BidRound | null> {
  const [row] = await tx.insert(bidRounds).values(round).onConflictDoNothing().returning();
  return row ?? null;
}

export async function markRoundClosed(tx: Tx, roundId: string, closedAt: Date) {
  await tx.update(bidRounds).set({ closedAt }).where(eq(bidRounds.id, roundId));
}

/** A stone's news on the bids channel: its change, the round's end, and which round it was. */
export const stoneNews = bidStoneChange.extend({ round_id: z.string(), endTime: z.string() });
export type StoneNews = z.infer<typeof stoneNews>;

/**
 * The SQL that NOTIFYs one stone's news (`StoneNews`) from these expressions (the round, the
 * stone's id, the highest standing bid, their count, the round's end), delivered when the
 * transaction commits.
 */
export function notifyStoneNews(news: {
  roundId: SQLWrapper;
  productId: SQL;
  max: SQL;
  count: SQL;
  endsAt: SQLWrapper;
}): SQL {
  return sql`pg_notify(${BIDS_CHANNEL}, json_build_object(
      'round_id', ${news.roundId},
      'product_id', ${news.productId},
      'current_max_bid', ${news.max},
      'bid_count', ${news.count},
      'endTime', to_char(${news.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text)`;
}

/**
 * Wakes every instance's bidding service once the transaction commits. With stones, one
 * notification per stone instead, each carrying its news (`StoneNews`) as this transaction leaves
 * it (the stone's standing bids and the round's end, read in the same statement, so the news costs
 * no round trip of its own). The bids of a stone commit one after another (each holds the stone's
 * row, a cancel the round), and PostgreSQL delivers notifications in the order of the commits, so
 * every instance hears each stone's news in order, once (decision 045).
 */
export async function announceBids(tx: Tx, roundId?: string, stoneIds: readonly string[] = []) {
  if (!roundId || stoneIds.length === 0) {
    await tx.execute(sql`select pg_notify(${BIDS_CHANNEL}, '')`);
    return;
  }
  const ids = sql.join(
    [...new Set(stoneIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    select ${notifyStoneNews({
      roundId: bidRounds.id,
      productId: sql`stone.id`,
      max: sql`standing.max`,
      count: sql`standing.count`,
      endsAt: bidRounds.endsAt,
    })}
    from ${bidRounds}
    cross join unnest(array[${ids}]) as stone(id)
    cross join lateral (
      select max(${bids.value}) as max, count(*)::int as count from ${bids}
      where ${bids.roundId} = ${bidRounds.id} and ${bids.stoneId} = stone.id and ${bids.canceledAt} is null
    ) as standing
    where ${bidRounds.id} = ${roundId}`);
}
