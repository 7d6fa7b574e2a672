import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { stones } from './stones.ts';

/** A stone in a customer's cart. The tab it shows in follows the stone's status (contract cart.ts). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_customer_stone_key').on(t.customerId, t.stoneId),
    index('cart_items_stone_idx').on(t.stoneId),
  ],
);
