import { sql } from 'drizzle-orm';
import { boolean, customType, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export type FeatureViews = {
  dashboard: { search_stone_id: boolean; new_arrivals_bids: boolean; bid_to_buy_bids: boolean };
  bid_to_buy: { apply_bid: boolean; update_bid: boolean };
  new_arrivals: { apply_bid: boolean; update_bid: boolean };
  match_pair_search: { see_details: boolean };
};

export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    countryCode: text().notNull(),
    phone: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    companyName: text().notNull(),
    countryIso2Code: text().notNull(),
    referralCode: text(),
    passwordHash: text().notNull(),
    isPhoneVerified: boolean().notNull().default(false),
    isEmailVerified: boolean().notNull().default(false),
    /** Migrated from the earlier system: documents may already be on file, so KYC starts with the MINI nudge. */
    existingUser: boolean().notNull().default(false),
    kycStatus: text({ enum: ['not_started', 'inprogress', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('not_started'),
    kycBannerKey: text({
      enum: [
        'online-under-inprogress',
        'online-under-review',
        'offline-under-inprogress',
        'offline-under-review',
        'email-under-inprogress',
        'email-under-review',
      ],
    }),
    kamId: uuid().references(() => kams.id),
    mainTourStatus: text({ enum: ['not_started', 'ignored', 'pre_kyc_completed', 'completed'] })
      .notNull()
      .default('not_started'),
    featureViews: jsonb().$type<FeatureViews>(),
    /** Whether the customer may visit the sales team's trade shows (`trade-show off <email>` hides them). */
    tradeShowBanner: boolean().notNull().default(true),
    city: text(),
    country: text(),
    notifiedSalesAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('customers_phone_key').on(t.countryCode, t.phone),
  ],
);

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

export const profilePhotos = pgTable('profile_photos', {
  customerId: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /**
   * Says there is a photo and when it changed. The photo itself is in storage
   * (`customers/<id>/profile-photo-{32,128}.png`: square PNGs at the two sizes the screens use, 32
   * in the top bar, 128 on My Account); the bytea columns that held it before decision 014 were
   * dropped by migration 0018 after `moveProfilePhotosToStorage` copied what was left of them.
   */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
