import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A customer's Match Pair Settings (rows of contract matching-pairs.ts `pairSettingRow`). No row
 * means the defaults of domain-facts §11.
 */
export const matchingPairSettings = pgTable('matching_pair_settings', {
  customerId: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  setting: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
