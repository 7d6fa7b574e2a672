import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** What raised a notice; the business change that writes it in the same transaction. */
export const NOTICE_KINDS = [
  'kyc_status',
  'order_confirmed',
  'order_invoiced',
  'order_shipped',
  'order_delivered',
  'order_canceled',
  'stone_on_hold',
  'stone_on_memo',
  'hold_expiring',
  'appointment_changed',
  'appointment_reminder',
  'bid_result',
  'bid_outbid',
  'operator',
] as const;

export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A customer's notices (spec §3 "Notice"). The row is the record and the outbox at once: the
 * dispatcher fans out every row whose `dispatchedAt` is still empty to sockets, web push and email.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    title: text().notNull(),
    message: text().notNull(),
    iconUrl: text(),
    /** "page:subtab" deep link, e.g. my-cart:hold (spec §3). */
    targetPage: text(),
    /** Reaches customers who chose "Important Only". */
    important: boolean().notNull(),
    /**
     * The channels the customer's preferences allowed when the notice was raised: web is browser
     * push, mobile the app's push, email an email. The bell lists every notice regardless.
     */
    web: boolean().notNull(),
    mobile: boolean().notNull(),
    email: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    seenAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    dispatchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notices_customer_idx').on(t.customerId, t.createdAt),
    index('notices_pending_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
  ],
);

/** Notification preferences (domain-facts §9); a customer without a row gets all notices everywhere. */
export const notificationPreferences = pgTable('notification_preferences', {
  customerId: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  type: text({ enum: ['All', 'Important'] }).notNull(),
  web: boolean().notNull(),
  mobile: boolean().notNull(),
  email: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Browsers and apps that asked for push notifications (`save-device-uuid`). */
export const devices = pgTable(
  'devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceUuid: text().notNull(),
    pushSubscription: jsonb().$type<{ endpoint: string; keys: { p256dh: string; auth: string } }>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_customer_device_key').on(t.customerId, t.deviceUuid)],
);
