import { integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const CAMPAIGNS = ['new_arrival_daily', 'new_arrival_weekly', 'bid_to_buy_weekly'] as const;

/**
 * One row per campaign and period (a UTC day, or an ISO week): the claim that makes a campaign go
 * out once however many runners or operators start it (decision 026).
 */
export const campaignSends = pgTable(
  'campaign_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaign: text({ enum: CAMPAIGNS }).notNull(),
    /** `2026-11-25` for a daily campaign, `2026-W48` for a weekly one. */
    period: text().notNull(),
    trigger: text({ enum: ['schedule', 'operator'] }).notNull(),
    /** Emails enqueued; 0 when there was nothing to announce. */
    recipients: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_sends_period_key').on(t.campaign, t.period)],
);

/** The key that signs the public export links, made once and shared by every instance. */
export const campaignKeys = pgTable('campaign_keys', {
  id: smallint().primaryKey(),
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
