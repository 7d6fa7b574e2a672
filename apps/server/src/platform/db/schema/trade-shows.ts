import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** The trade shows the sales team puts on (`trade-show create`); the portal shows the next one. */
export const tradeShows = pgTable(
  'trade_shows',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    city: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    booth: text(),
    flagImage: text(),
    /** The stock location of the stones on show (USA: the `usa_event` stones). */
    location: text().notNull().default('USA'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trade_shows_ends_at_idx').on(table.endsAt),
    check('trade_shows_dates_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** A customer's request to meet the team at a show's booth, with the stones to bring. */
export const tradeShowRequests = pgTable(
  'trade_show_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    tradeShowId: uuid()
      .notNull()
      .references(() => tradeShows.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    lotIds: text().array().notNull().default(sql`'{}'::text[]`),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('trade_show_requests_customer_idx').on(table.customerId, table.createdAt)],
);
