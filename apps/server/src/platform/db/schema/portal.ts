import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Portal-wide switches an operator sets: the maintenance window. */
export const portalSettings = pgTable('portal_settings', {
  key: text({ enum: ['maintenance'] }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type MaintenanceSetting = { end_date: string | null };

/** The monthly bid-to-buy events. */
export const bidToBuyEvents = pgTable('bid_to_buy_events', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }).notNull(),
  /** Stones offered in the event, until stones carry their event themselves. */
  stoneCount: integer().notNull().default(0),
});
