import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stones } from './stones.ts';

/** A set of stones sold together (a graduated line, a suite), made by the sales team. */
export const layouts = pgTable(
  'layouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('layouts_name_key').on(sql`lower(${table.name})`)],
);

/** A layout's stones in their order. */
export const layoutStones = pgTable(
  'layout_stones',
  {
    layoutId: uuid()
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.layoutId, table.stoneId] }),
    index('layout_stones_stone_idx').on(table.stoneId),
  ],
);
