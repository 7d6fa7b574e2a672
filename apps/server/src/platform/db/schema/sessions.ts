import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
