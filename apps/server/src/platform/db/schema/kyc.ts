import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** A step's saved values by field name. */
export type KycStepValues = Record<string, unknown>;

/** The saved steps of each mode, by step number ("1" … "5"). */
export type KycProfileData = {
  online: Record<string, KycStepValues>;
  offline: Record<string, KycStepValues>;
};

/**
 * One KYC application per customer (written by areas/kyc): the country and mode chosen, every
 * step saved so far, the email the Personal Details code verified, and the review's outcome.
 * The status and banner key themselves stay on `customers` (customers writes them for kyc).
 */
export const kycApplications = pgTable('kyc_applications', {
  customerId: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  country: text({ enum: ['india', 'belgium', 'usa', 'other'] }).notNull(),
  mode: text({ enum: ['online', 'offline'] }).notNull(),
  profileData: jsonb().$type<KycProfileData>().notNull(),
  /** The Personal Details address a code proved (lower case); it must match the saved email. */
  verifiedEmail: text(),
  submittedAt: timestamp({ withTimezone: true }),
  decidedAt: timestamp({ withTimezone: true }),
  rejectionReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The uploaded documents: one file per customer, country, mode and field. The file is in storage
 * (`kyc/<customer id>/<country>-<mode>-<field key>-<random>`), never in a column.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    country: text({ enum: ['india', 'belgium', 'usa', 'other'] }).notNull(),
    mode: text({ enum: ['online', 'offline'] }).notNull(),
    fieldKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.country, t.mode, t.fieldKey] })],
);
