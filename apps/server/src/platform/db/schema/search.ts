import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Stones a buyer asked for and the stock did not have; the KAM is told by email. */
export const stoneDemands = pgTable('stone_demands', {
  id: uuid().primaryKey().defaultRandom(),
  customerId: uuid()
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  filters: jsonb(),
  keywords: jsonb().$type<string[]>(),
  note: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
