import type { Stone } from '@loupe/contract/stones';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { stones } from './stones.ts';

export const ORDER_STATUS_VALUES = ['pending', 'requires_action', 'canceled', 'completed'] as const;

/** What one confirmation made: the stones at the prices the buyer confirmed. */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order id buyers quote, shown zero-padded to 6 digits. */
    displayId: serial().notNull().unique(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text({ enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    invoiceStatus: text({ enum: ['pending', 'available'] })
      .notNull()
      .default('pending'),
    fulfillmentStatus: text({ enum: ['not_shipped', 'shipped', 'delivered'] })
      .notNull()
      .default('not_shipped'),
    comment: text().notNull().default(''),
    /** The screen the buyer confirmed from (CONFIRM_REQUEST_PAGES). */
    requestPage: text().notNull(),
    stoneCount: integer().notNull(),
    totalCarats: doublePrecision().notNull(),
    totalAmount: doublePrecision().notNull(),
    trackingNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * One stone of an order, with the prices paid and the stone as the buyer confirmed it. A stone is
 * in at most one live order: the partial unique index is the last line of defence behind the row
 * locks of the confirmation. A canceled order's items are no longer live.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references(() => stones.id),
    lotId: text().notNull(),
    carats: doublePrecision().notNull(),
    rapPerCarat: integer().notNull(),
    discount: doublePrecision().notNull(),
    pricePerCarat: doublePrecision().notNull(),
    amount: doublePrecision().notNull(),
    /** The API's Stone at confirmation, prices included. */
    stone: jsonb().$type<Stone>().notNull(),
    live: boolean().notNull().default(true),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    uniqueIndex('order_items_live_stone_key').on(t.stoneId).where(sql`${t.live}`),
  ],
);

/** Every change of an order, for its history and its notices. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text({ enum: ['confirmed', 'invoiced', 'shipped', 'delivered', 'canceled'] }).notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** The invoice of an order; its amounts are the order's items. */
export const invoices = pgTable('invoices', {
  id: uuid().primaryKey().defaultRandom(),
  /** E.g. "LD-INV-000042". */
  number: text().notNull().unique(),
  orderId: uuid()
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  customerId: uuid()
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  invoicedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Stones sent to a customer on memo (consignment), to be returned or bought by the due date. */
export const memoOrders = pgTable(
  'memo_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Shown as "MEMO-000042". */
    memoNumber: serial().notNull().unique(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('memo_orders_customer_idx').on(t.customerId, t.issuedAt)],
);

export const memoOrderItems = pgTable(
  'memo_order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    memoOrderId: uuid()
      .notNull()
      .references(() => memoOrders.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references(() => stones.id),
    lotId: text().notNull(),
    amount: doublePrecision().notNull(),
    status: text({ enum: ['on_memo', 'returned', 'bought'] })
      .notNull()
      .default('on_memo'),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('memo_order_items_memo_idx').on(t.memoOrderId),
    uniqueIndex('memo_order_items_open_stone_key').on(t.stoneId).where(sql`${t.status} = 'on_memo'`),
  ],
);
