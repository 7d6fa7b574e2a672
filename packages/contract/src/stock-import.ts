import { z } from 'zod';
import { route } from './route.ts';

/**
 * The sales team's stock commands (`npm run admin -- stock …`). The command line reads the file
 * on the operator's machine and uploads it (multipart): the server never reads the operator's disk.
 */

/** The largest stock file an import takes: 50 MB. */
export const STOCK_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The most stones one `stock generate` adds. */
export const GENERATE_MAX_STONES = 2_000_000;

const reportedRow = z.object({
  line: z.number().int(),
  stock_number: z.string().nullable(),
  reason: z.string(),
});

const importAnswer = z.object({
  file_name: z.string(),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  not_shown: z.array(reportedRow),
  invalid: z.array(reportedRow),
  ignored_columns: z.array(z.string()),
  skip_invalid: z.boolean(),
});

/**
 * A supplier upload in the RapNet layout: every row is checked at once, and a file refused
 * (a bad row, unless invalid rows are to be skipped) is a 400 naming each bad row, nothing
 * written. A file that passes is written by a background job (decision 024), followed with
 * `stockImportStatus`.
 */
export const importStock = route({
  method: 'POST',
  path: '/operator/stock/import',
  summary:
    'Import a supplier stock file (RapNet upload layout): checked at once (400 names each bad row, nothing imported), then written by a job; stock numbers in stock are updated, new ones added (operator)',
  tag: 'operator',
  auth: 'operator',
  upload: {
    field: 'file',
    maxBytes: STOCK_FILE_MAX_BYTES,
    types: ['text/csv'],
    fields: z.object({
      skip_invalid: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    }),
  },
  status: 201,
  response: z.object({
    import_id: z.string().uuid(),
    file_name: z.string(),
    rows: z.number().int(),
    /** Stones the job is to write. */
    total: z.number().int(),
  }),
});

export const STOCK_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** How far an import's job got; its report once done. */
export const stockImportStatus = route({
  method: 'GET',
  path: '/operator/stock/imports/:importId',
  summary: 'How far a stock import got, and its report once done (operator)',
  tag: 'operator',
  auth: 'operator',
  params: z.object({ importId: z.string().uuid() }),
  status: 200,
  response: z.object({
    import_id: z.string().uuid(),
    state: z.enum(STOCK_IMPORT_STATES),
    total: z.number().int(),
    written: z.number().int(),
    report: importAnswer.nullable(),
    error: z.string().nullable(),
  }),
});

/** More generated stock: stone i of a seed is always the same stone, carrying on after those in stock. */
export const generateStock = route({
  method: 'POST',
  path: '/operator/stock/generate',
  summary: 'Add generated stones to the stock (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({
    count: z.number().int().min(1).max(GENERATE_MAX_STONES),
    seed: z.string().trim().min(1).max(100).optional(),
  }),
  status: 200,
  response: z.object({
    count: z.number().int(),
    seed: z.string(),
    seconds: z.number(),
    rebuilt_indexes: z.boolean(),
    statistics_seconds: z.number(),
    skipped: z.number().int(),
  }),
});

/**
 * Outside production only: stones removed by stock number, as the end-to-end tests clean up the
 * stones they imported. A stone still on an order or a memo stays (409 names it), nothing removed.
 */
export const removeTestStones = route({
  method: 'POST',
  path: '/__dev/stones/remove',
  summary: 'Remove stones by stock number (not in production; operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({ lot_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(1000) }),
  status: 200,
  response: z.object({ removed: z.number().int() }),
});
