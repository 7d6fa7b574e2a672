import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Key account managers: each customer's contact person at Loupe Diamonds. */
export const kams = pgTable('kams', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  post: text().notNull().default('Key Account Manager'),
  phone: text().notNull(),
  email: text().notNull(),
  image: text(),
  /** Stock location code where the KAM sits (BEL, DUB, IND, ISR, USA). */
  location: text().notNull(),
});
