import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['pending', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Durable background work (platform/jobs, decision 013). A job is enqueued in the caller's
 * transaction, claimed by one runner at a time (a lease: `lockedBy` is the claim's token,
 * `lockedUntil` when another runner may take it over), retried with backoff and left `dead` after
 * `maxAttempts`. A `key` makes the enqueue idempotent: at most one pending job per name and key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    payload: jsonb().notNull(),
    key: text(),
    state: text({ enum: JOB_STATES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    /** Not before this moment; empty: as soon as a runner is free. */
    runAt: timestamp({ withTimezone: true }),
    lockedBy: uuid(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_pending_key_idx').on(t.name, t.key).where(sql`state = 'pending'`),
    index('jobs_due_idx').on(t.runAt).where(sql`state = 'pending'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`state = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`state = 'done'`),
  ],
);

/**
 * When each scheduled job is next due. The runner that moves `nextRunAt` on (one atomic UPDATE)
 * enqueues that run, so with several instances each scheduled run is enqueued once.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  cadence: text().notNull(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
});
