import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './customers.ts';

export const STOCK_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type StockImportState = (typeof STOCK_IMPORT_STATES)[number];

/**
 * A supplier file being imported by the job `stock-import.import-file` (decision 024): the file
 * itself until the job has written it (the database, not one instance's disk, so any instance's
 * runner can take the job), how far the job got, and the report once it is done.
 */
export const stockImports = pgTable('stock_imports', {
  id: uuid().primaryKey().defaultRandom(),
  fileName: text().notNull(),
  skipInvalid: boolean().notNull(),
  /** Emptied once the job finished. */
  content: bytea(),
  state: text({ enum: STOCK_IMPORT_STATES }).notNull().default('queued'),
  /** Stones to write (valid rows that are shown), and how many are written so far. */
  total: integer().notNull(),
  written: integer().notNull().default(0),
  /** The operator's report (the answer of the import) once done. */
  report: jsonb(),
  error: text(),
  /** The moment the upload was checked: the job reads the rows as of then. */
  createdAt: timestamp({ withTimezone: true }).notNull(),
  finishedAt: timestamp({ withTimezone: true }),
});
