import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, isEmbedded } from '../../platform/db/client.ts';
import { stockImports } from '../../platform/db/schema/index.ts';
import { defineJob } from '../../platform/jobs/index.ts';
import type { Log } from '../../platform/log.ts';
import { refreshStoneStatisticsInTurn, STATISTICS_THRESHOLD, type WriteStaging } from '../stones/index.ts';
import type { CheckedUploads } from './checked-uploads.ts';
import {
  checkStockFile,
  formatImportReport,
  type ImportReport,
  isRefused,
  writeCheckedFile,
} from './import-stones.ts';

/**
 * The job that writes a checked upload (decision 024): takes the rows as the route checked them
 * when it runs on the same instance (decision 036), else reads the file kept with the import and
 * checks it again as of the upload's moment (the same rows pass), writes the stones a batch at a time and
 * records after each batch how many are written, so `stock import` shows a progress bar; the log
 * has a line every tenth. Run again after a failure, it writes the same stones over (an upload is
 * idempotent).
 */

/** The answer of a finished import, as `stockImportStatus` carries it. */
export function answerOf(report: ImportReport, skipInvalid: boolean) {
  return {
    file_name: report.fileName,
    rows: report.rows,
    inserted: report.inserted,
    updated: report.updated,
    not_shown: report.notShown,
    invalid: report.invalid,
    ignored_columns: report.ignoredColumns,
    skip_invalid: skipInvalid,
  };
}

/** Progress is written at most this often (each write is a statement on the one PGlite connection). */
const PROGRESS_EVERY_MS = 200;

async function runImport(
  db: Database,
  importId: string,
  log: Log,
  checkedUploads: CheckedUploads,
  staging?: WriteStaging,
) {
  // The kept file (megabytes) is read only when this instance does not hold the checked rows.
  const [upload] = await db
    .select({
      fileName: stockImports.fileName,
      skipInvalid: stockImports.skipInvalid,
      state: stockImports.state,
      createdAt: stockImports.createdAt,
      kept: sql<boolean>`${stockImports.content} IS NOT NULL`,
    })
    .from(stockImports)
    .where(eq(stockImports.id, importId));
  if (!upload || upload.state === 'done' || !upload.kept) return;
  await db.update(stockImports).set({ state: 'running', written: 0 }).where(eq(stockImports.id, importId));
  const started = performance.now();
  const checked = checkedUploads.take(importId) ?? (await checkKeptFile(db, importId, upload));
  if (isRefused(checked, upload.skipInvalid)) {
    await db
      .update(stockImports)
      .set({ state: 'failed', error: formatImportReport(checked.report, upload.skipInvalid), content: null })
      .where(eq(stockImports.id, importId));
    return;
  }
  const total = checked.stones.length;
  let lastWrite = 0;
  let lastTenth = 0;
  const progress = async (written: number) => {
    const tenth = Math.floor((written / Math.max(total, 1)) * 10);
    if (tenth > lastTenth && written < total) {
      lastTenth = tenth;
      log.info({ importId, written, total }, `stock import ${tenth * 10} %: ${written} of ${total} stones`);
    }
    if (performance.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = performance.now();
    await db.update(stockImports).set({ written }).where(eq(stockImports.id, importId));
  };
  const report = await writeCheckedFile(db, checked, progress, undefined, staging);
  const ms = Math.round(performance.now() - started);
  await db
    .update(stockImports)
    .set({
      state: 'done',
      written: total,
      report: answerOf(report, upload.skipInvalid),
      content: null,
      error: null,
      finishedAt: new Date(),
    })
    .where(eq(stockImports.id, importId));
  log.info(
    { importId, inserted: report.inserted, updated: report.updated, ms },
    `stock import of ${upload.fileName} done: ${total} stones in ${(ms / 1000).toFixed(1)} s`,
  );
  // The planner's statistics after a large change, once the import is reported done: the stones
  // are written and searchable. On PGlite in steps that wait for a pause in requests (decisions
  // 052, 054): the job does not wait for them, so the runner takes the next upload meanwhile. A
  // failure here leaves the import done; the next large write refreshes them.
  if (report.inserted + report.updated >= STATISTICS_THRESHOLD) {
    const refreshing = refreshStoneStatisticsInTurn(db).catch((err: unknown) =>
      log.error({ err, importId }, 'stock import: refreshing the stones statistics failed'),
    );
    if (!isEmbedded(db)) await refreshing;
  }
}

/** Reads the file kept with the import and checks it again as of the upload's moment. */
async function checkKeptFile(
  db: Database,
  importId: string,
  upload: { fileName: string; skipInvalid: boolean; createdAt: Date },
) {
  const [kept] = await db
    .select({ content: stockImports.content })
    .from(stockImports)
    .where(eq(stockImports.id, importId));
  if (!kept?.content) throw new Error('the uploaded file is no longer kept');
  // Kept gzipped since decision 054; a file kept before as it came is read as it is (a CSV never
  // begins with gzip's two bytes).
  const gzipped = kept.content[0] === 0x1f && kept.content[1] === 0x8b;
  return checkStockFile(gzipped ? await gunzip(kept.content) : kept.content, {
    fileName: upload.fileName,
    skipInvalid: upload.skipInvalid,
    now: upload.createdAt,
    shortTurns: !isEmbedded(db),
  });
}

const gunzip = promisify(zlib.gunzip);

const IMPORT_ATTEMPTS = 3;

/** The job's name, which the command line's own app runs when no server does. */
export const IMPORT_FILE_JOB = 'stock-import.import-file';

/**
 * The job, made once per app with the uploads its route keeps checked for it and, on the instance
 * that has a search index, the index's staging of the upload before it commits (decision 053).
 */
export const importFileJob = (checkedUploads: CheckedUploads, staging?: WriteStaging) =>
  defineJob(
    IMPORT_FILE_JOB,
    z.object({ importId: z.string().uuid() }),
    async ({ importId }, { db, log, attempt }) => {
      try {
        await runImport(db, importId, log, checkedUploads, staging);
      } catch (error) {
        const last = attempt >= IMPORT_ATTEMPTS;
        await db
          .update(stockImports)
          .set({
            state: last ? 'failed' : 'queued',
            error: `The import stopped: ${error instanceof Error ? error.message : String(error)}${last ? '' : ' (it will be tried again)'}`,
            ...(last ? { content: null, finishedAt: new Date() } : {}),
          })
          .where(eq(stockImports.id, importId));
        throw error;
      }
    },
    { maxAttempts: IMPORT_ATTEMPTS, backoffMs: 5_000, leaseMs: 15 * 60_000 },
  );

export type ImportFileJob = ReturnType<typeof importFileJob>;
