import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, kams } from './customers.ts';

export type AppointmentStoneRef = { lot_id: string; location: string };

/**
 * The KAMs' calendars (written by areas/appointments): every booking of a 30-minute KAM slot, a
 * store visit (`appointment`) or a call the customer scheduled (`callback`). A booking stays a row
 * when it is cancelled; `appointments_kam_slot_key` allows one booked row per KAM and slot start,
 * so two customers who take the same slot at once cannot both win (decision 019).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kamId: uuid()
      .notNull()
      .references(() => kams.id),
    kind: text({ enum: ['appointment', 'callback'] }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['booked', 'canceled'] })
      .notNull()
      .default('booked'),
    /** The store's address (appointments); empty for a callback. */
    address: text().notNull().default(''),
    reason: text().notNull().default(''),
    /** The stones the customer wants to see, as they were when booked. */
    stones: jsonb().$type<AppointmentStoneRef[]>().notNull().default([]),
    /** Counts the changes, for the calendar invitation's SEQUENCE (a change replaces the invitation). */
    revision: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    canceledAt: timestamp({ withTimezone: true }),
    /** When the one-hour reminder went out; null until then. */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointments_kam_slot_key').on(t.kamId, t.startsAt).where(sql`${t.status} = 'booked'`),
    index('appointments_customer_idx').on(t.customerId, t.startsAt),
  ],
);
