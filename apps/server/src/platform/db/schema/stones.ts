import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * The supplier's stock, one row per loose stone.
 *
 * Every graded attribute is stored as its 1-based rank in the trade's order
 * (packages/contract/src/stock-vocabulary.ts), not as text: sorting by the column is then the
 * trade's order, a filter is a comparison of small integers, and a million rows stay narrow
 * enough to scan fast. `modules/stock/stone-columns.ts` converts ranks to the API's values.
 * Key to symbols are bit flags (bit i = KEY_TO_SYMBOLS[i]). Decimals are rounded to 2 places
 * on write, money to cents. See docs/decisions/006-stone-storage.md.
 */
export const stones = pgTable(
  'stones',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stock number, unique regardless of case. */
    lotId: text().notNull(),
    status: smallint().notNull(),
    shape: smallint().notNull(),
    carats: doublePrecision().notNull(),
    color: smallint(),
    fancyColor: smallint(),
    fancyIntensity: smallint(),
    fancyOvertone: smallint(),
    clarity: smallint(),
    cut: smallint(),
    polish: smallint(),
    symmetry: smallint(),
    fluorescence: smallint(),
    lab: smallint().notNull(),
    certificateNumber: text(),
    certifiedAt: timestamp({ withTimezone: true }).notNull(),
    length: doublePrecision(),
    width: doublePrecision(),
    depth: doublePrecision(),
    depthPercentage: doublePrecision(),
    tablePercentage: doublePrecision(),
    ratio: doublePrecision(),
    crownAngle: doublePrecision(),
    crownHeight: doublePrecision(),
    pavilionAngle: doublePrecision(),
    pavilionHeight: doublePrecision(),
    girdlePercentage: doublePrecision(),
    lowerHalf: doublePrecision(),
    starLength: doublePrecision(),
    girdleThin: smallint(),
    girdleThick: smallint(),
    culet: smallint(),
    shade: smallint(),
    milky: smallint(),
    luster: smallint(),
    eyeClean: smallint(),
    tableBlack: smallint(),
    sideBlack: smallint(),
    tableOpen: smallint(),
    crownOpen: smallint(),
    pavilionOpen: smallint(),
    tableInclusion: smallint(),
    sideInclusion: smallint(),
    naturalCrown: smallint(),
    naturalGirdle: smallint(),
    naturalPavilion: smallint(),
    surfaceGraining: smallint(),
    internalGraining: smallint(),
    keyToSymbols: integer().notNull().default(0),
    reportComments: text(),
    inscription: text(),
    originCountry: smallint(),
    location: smallint().notNull(),
    /** List price per carat from Loupe's grid, whole dollars. */
    rapPerCarat: integer().notNull(),
    /** Against list, 2 decimals; negative is below list. */
    discount: doublePrecision().notNull(),
    pricePerCarat: doublePrecision().notNull(),
    amount: doublePrecision().notNull(),
    rapValue: doublePrecision().notNull(),
    imageUrl: text(),
    videoUrl: text(),
    certificateUrl: text(),
    /** The gemtrac/traceability journey is on record. */
    gemtrac: boolean().notNull().default(false),
    tracrId: text(),
    inHighDemand: boolean().notNull().default(false),
    pairLotId: text(),
    /**
     * The customer a stone on Hold or Memo is reserved for (null when the hold is for a customer
     * outside the portal), and when the hold lapses or the memo is due back.
     */
    reservedFor: uuid().references(() => customers.id, { onDelete: 'set null' }),
    reservedUntil: timestamp({ withTimezone: true }),
    /** Where the stone came from: "generated" or the upload file's name. */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stones_lot_id_key').on(sql`lower(${table.lotId})`),
    index('stones_certificate_number_idx').on(sql`lower(${table.certificateNumber})`),
    /** Counts: status, then the 4Cs, read by index-only scans. */
    index('stones_search_idx').on(table.status, table.shape, table.carats, table.color, table.clarity),
    index('stones_certified_at_idx').on(table.certifiedAt),
    // The hold sweep's once-a-minute look for lapsed holds.
    index('stones_reserved_until_idx').on(table.reservedUntil).where(sql`${table.reservedUntil} is not null`),
    index('stones_reserved_for_idx').on(table.reservedFor).where(sql`${table.reservedFor} is not null`),
    // Pages of searchable stones (status 1–3, written as this literal list by stone-query.ts so the
    // planner can use these partial indexes): the default order with the common filters
    // included, and the two money sorts buyers use most. See docs/decisions/010.
    index('stones_searchable_idx')
      .on(
        table.shape,
        table.carats,
        table.color,
        table.clarity,
        table.lotId,
        table.cut,
        table.polish,
        table.symmetry,
        table.fluorescence,
        table.lab,
        table.location,
        table.fancyColor,
        table.fancyIntensity,
      )
      .where(sql`${table.status} in (1, 2, 3)`),
    index('stones_searchable_discount_idx')
      .on(table.discount, table.shape, table.carats, table.color, table.clarity)
      .where(sql`${table.status} in (1, 2, 3)`),
    index('stones_searchable_amount_idx')
      .on(table.amount, table.shape, table.carats, table.color, table.clarity)
      .where(sql`${table.status} in (1, 2, 3)`),
    index('stones_searchable_fancy_idx')
      .on(table.fancyColor, table.fancyIntensity, table.fancyOvertone, table.shape, table.carats)
      .where(sql`${table.status} in (1, 2, 3) and ${table.fancyColor} is not null`),
  ],
);

/** A buyer's saved search (Bookmark). Deleting marks it deleted; the list hides those. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    diamondCount: integer().notNull(),
    filters: jsonb().notNull(),
    isMatchingPair: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_searches_customer_idx').on(table.customerId, table.createdAt)],
);

/** The result grid's columns as a customer arranged them. */
export const columnPreferences = pgTable('column_preferences', {
  customerId: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  columns: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every text search, so sales can see what buyers looked for and did not find. */
export const textSearchReports = pgTable(
  'text_search_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    searchType: text({ enum: ['normal', 'NewArrivals', 'BidToBuy'] }).notNull(),
    foundKeywords: jsonb().$type<string[]>().notNull(),
    notFoundKeywords: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('text_search_reports_customer_idx').on(table.customerId, table.createdAt)],
);

/** Stones a buyer asked for and the stock did not have; the KAM is told by email. */
export const stoneDemands = pgTable('stone_demands', {
  id: uuid().primaryKey().defaultRandom(),
  customerId: uuid()
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  filters: jsonb(),
  keywords: jsonb().$type<string[]>(),
  note: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Buyer actions sales follows: shares, copied links, text-search analytics. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    event: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_events_customer_event_idx').on(table.customerId, table.event, table.createdAt)],
);
