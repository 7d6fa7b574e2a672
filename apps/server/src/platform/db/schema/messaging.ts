import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with an email, e.g. an appointment's calendar invitation (.ics). */
export type MessageAttachment = { filename: string; contentType: string; content: string };

/** Outside production, every email and SMS is also kept here (GET /__dev/outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    /** Files sent with an email (text content), as the transport sent them. */
    attachments: jsonb().$type<MessageAttachment[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);
