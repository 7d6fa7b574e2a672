import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Every text search, so sales can see what buyers looked for and did not find. */
export const textSearchReports = pgTable(
  'text_search_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    searchType: text({ enum: ['normal', 'NewArrivals', 'BidToBuy'] }).notNull(),
    foundKeywords: jsonb().$type<string[]>().notNull(),
    notFoundKeywords: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('text_search_reports_customer_idx').on(table.customerId, table.createdAt)],
);
