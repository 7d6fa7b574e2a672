import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
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
 * (packages/contract/src/stone-vocabulary.ts), not as text: sorting by the column is then the
 * trade's order, a filter is a comparison of small integers, and a million rows stay narrow
 * enough to scan fast. `areas/stones/stone-columns.ts` converts ranks to the API's values.
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

/**
 * Which stones changed, for the in-process search index (docs/decisions/023): written only by
 * triggers on `stones` (migration 0014), one row per stone a statement adds, removes, or changes
 * in an attribute the index holds, and one row without a stone for a TRUNCATE (read everything
 * again). `xid` is the writing transaction's id: a reader takes every row of a transaction not
 * yet finished at its last read again, so a transaction committing late is never missed. Rows
 * older than ten minutes are pruned (areas/stones `pruneStoneChanges`).
 */
export const stoneChanges = pgTable(
  'stone_changes',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    xid: bigint({ mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    stoneId: uuid(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stone_changes_xid_idx').on(table.xid), index('stone_changes_at_idx').on(table.at)],
);
