import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** One server-side session per logged-in device; the client holds only the token, we keep its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    deviceName: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /**
     * logout: this device logged out (its token answers 419);
     * logout_all, password_changed, password_reset: ended from elsewhere (410).
     */
    endReason: text({ enum: ['logout', 'logout_all', 'password_changed', 'password_reset'] }),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/**
 * Codes sent by SMS or email: phone verification, password reset, and email-verification links.
 * Only hashes are stored. A code is single use, lives 10 minutes and burns after 5 wrong tries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({
      enum: ['phone_verification', 'password_reset', 'email_verification', 'kyc_email'],
    }).notNull(),
    channel: text({ enum: ['sms', 'email'] }).notNull(),
    /** Email address, or "<country code> <phone>" for SMS. */
    destination: text().notNull(),
    customerId: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    /** The client's handle on this code: sent back to verify it or to ask for a new one. */
    resendTokenHash: text().notNull().unique(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    resendAfter: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    /** Password reset only: the token that the verified code turned into, for the reset itself. */
    resetTokenHash: text().unique(),
  },
  (t) => [index('one_time_codes_destination_idx').on(t.destination, t.purpose)],
);
