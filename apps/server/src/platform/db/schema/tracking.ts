import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Buyer actions sales follows: shares, copied links, text-search analytics. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    event: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_events_customer_event_idx').on(table.customerId, table.event, table.createdAt)],
);

export const registrationFunnelEvents = pgTable('registration_funnel_events', {
  id: uuid().primaryKey().defaultRandom(),
  funnelStep: text().notNull(),
  sessionId: text().notNull(),
  entryPoint: text(),
  mobileNumber: text(),
  status: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
