import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { stones } from './stones.ts';

/**
 * Bidding (written by areas/bidding, decision 021): the rounds of the new arrivals and the
 * bid-to-buy events, every customer's standing bid per stone and round, and the append-only log of
 * every accepted bid and cancel.
 */

export const BID_ROUND_KINDS = ['new_arrivals', 'bid_to_buy'] as const;
export type BidRoundKind = (typeof BID_ROUND_KINDS)[number];

/**
 * A round: the daily new-arrivals round, or the bidding of one bid-to-buy event. `endsAt` moves
 * later when a new-arrivals bid comes in its last 2 minutes; `closedAt` is set by the award, in its
 * transaction, so a round is awarded once. At most one round of each kind is open.
 */
export const bidRounds = pgTable(
  'bid_rounds',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: BID_ROUND_KINDS }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** The bid-to-buy event (portal's bid_to_buy_events) this round is the bidding of. */
    eventId: uuid(),
  },
  (t) => [
    uniqueIndex('bid_rounds_open_key').on(t.kind).where(sql`${t.closedAt} is null`),
    uniqueIndex('bid_rounds_event_key').on(t.eventId),
  ],
);

/**
 * A customer's standing bid on a stone in a round: raised in place, never lowered. `seq` is the
 * log entry that set the value, so of equal bids the earlier wins. A cancelled bid keeps its row
 * (`canceledAt`) until the customer bids again. `result` is written by the award.
 */
export const bids = pgTable(
  'bids',
  {
    id: uuid().primaryKey().defaultRandom(),
    roundId: uuid()
      .notNull()
      .references(() => bidRounds.id),
    stoneId: uuid()
      .notNull()
      .references(() => stones.id),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    value: doublePrecision().notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    placedAt: timestamp({ withTimezone: true }).notNull(),
    canceledAt: timestamp({ withTimezone: true }),
    /** The last outbid notice for this bid: at most one per 5 minutes. */
    outbidNoticeAt: timestamp({ withTimezone: true }),
    result: text({ enum: ['won', 'lost'] }),
  },
  (t) => [
    uniqueIndex('bids_round_stone_customer_key').on(t.roundId, t.stoneId, t.customerId),
    index('bids_round_stone_idx').on(t.roundId, t.stoneId, t.value),
    index('bids_customer_idx').on(t.customerId, t.placedAt),
  ],
);

/**
 * Every accepted bid and cancel, in order, written in the transaction that acknowledges it: the
 * record a history checker replays (no acknowledged bid missing, raises only, none after close).
 */
export const bidLog = pgTable(
  'bid_log',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: uuid()
      .notNull()
      .references(() => bidRounds.id),
    stoneId: uuid().notNull(),
    customerId: uuid().notNull(),
    action: text({ enum: ['bid', 'cancel'] }).notNull(),
    /** The bid's value; null for a cancel. */
    value: doublePrecision(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('bid_log_round_idx').on(t.roundId, t.seq)],
);
