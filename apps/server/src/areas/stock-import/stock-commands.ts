import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { type Database, isEmbedded } from '../../platform/db/client.ts';
import { stockImports } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { countGeneratedStones, refreshStoneStatistics } from '../stones/index.ts';
import type { CheckedUploads } from './checked-uploads.ts';
import { MAX_GENERATED_STONES } from './generate-stones.ts';
import type { answerOf, ImportFileJob } from './import-job.ts';
import {
  checkStockFile,
  formatImportReport,
  type ImportReport,
  isRefused,
  MAX_UPLOAD_BYTES,
} from './import-stones.ts';
import { loadGeneratedStones } from './load-generated-stones.ts';

/**
 * `stock import` and `stock generate`, as the sales team runs them: the file the command line read
 * on the operator's machine (the server never reads the operator's disk), or a number of generated
 * stones carrying on after those in stock.
 */

/** The seed `stock generate` uses unless told otherwise. */
export const DEFAULT_GENERATE_SEED = 'loupe';

export interface GenerateAnswer {
  count: number;
  seed: string;
  seconds: number;
  rebuilt_indexes: boolean;
  statistics_seconds: number;
  /** Generated lot ids already in stock, passed over. */
  skipped: number;
}

export async function generateStock(
  db: Database,
  clock: Clock,
  input: { count: number; seed?: string },
): Promise<GenerateAnswer> {
  const seed = input.seed ?? DEFAULT_GENERATE_SEED;
  const existing = await countGeneratedStones(db);
  if (existing + input.count > MAX_GENERATED_STONES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Generated stock is limited to ${MAX_GENERATED_STONES.toLocaleString('en-US')} stones.`,
    );
  }
  const result = await loadGeneratedStones(db, input.count, { seed, now: clock.now(), firstIndex: existing });
  const statisticsStarted = performance.now();
  await refreshStoneStatistics(db);
  return {
    count: input.count,
    seed,
    seconds: result.milliseconds / 1000,
    rebuilt_indexes: result.rebuiltIndexes,
    statistics_seconds: (performance.now() - statisticsStarted) / 1000,
    skipped: result.skipped,
  };
}

/** What the operator reads after `stock generate`. */
export function describeGeneration(answer: GenerateAnswer): string {
  const { count, seconds } = answer;
  const lines = [
    `Generated ${count.toLocaleString('en-US')} stones (seed "${answer.seed}") in ${seconds.toFixed(1)} s: ${Math.round(count / Math.max(seconds, 0.001)).toLocaleString('en-US')} stones/s; ${answer.rebuilt_indexes ? 'indexes built after the load; ' : ''}statistics refreshed in ${answer.statistics_seconds.toFixed(1)} s.`,
  ];
  if (answer.skipped > 0) {
    lines.push(
      `${answer.skipped.toLocaleString('en-US')} generated lot ids were already in stock and were passed over.`,
    );
  }
  return lines.join('\n');
}

export type ImportAnswer = ReturnType<typeof answerOf>;

/** What an upload needs besides the database: its job, the rows kept for it, and the runner. */
export interface ImportDeps {
  db: Database;
  clock: Clock;
  importJob: ImportFileJob;
  checkedUploads: CheckedUploads;
  /** Wakes this instance's job runner, so the import starts now rather than at its next poll. */
  wakeJobs(): void;
}

const gzip = promisify(zlib.gzip);

/**
 * Takes a supplier stock file: checks every row now (a refused file is a 400 with the report as
 * its message, each bad row with its line, and nothing is kept), then keeps the file with a new
 * import and enqueues its job in the same transaction, and wakes the runner. The file is kept
 * gzipped (on the thread pool): on the embedded database the statement storing the whole text held
 * the one thread for 150-450 ms (decision 054).
 */
export async function startStockImport(
  deps: ImportDeps,
  file: { name: string; content: Uint8Array; skipInvalid: boolean },
) {
  const { db, clock } = deps;
  if (file.content.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; split it.`,
    );
  }
  const { skipInvalid } = file;
  const now = clock.now();
  const checked = await checkStockFile(file.content, {
    fileName: file.name,
    skipInvalid,
    now,
    shortTurns: !isEmbedded(db),
  });
  const { report } = checked;
  if (isRefused(checked, skipInvalid)) {
    throw new AppError('VALIDATION_FAILED', formatImportReport(report, skipInvalid), {
      rows: report.rows,
      file_errors: report.fileErrors,
      invalid_rows: report.invalid,
    });
  }
  const kept = await gzip(file.content, { level: 1 });
  const importId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(stockImports)
      .values({
        fileName: report.fileName,
        skipInvalid,
        content: kept,
        total: checked.stones.length,
        createdAt: now,
      })
      .returning({ id: stockImports.id });
    await enqueueJob(tx, deps.importJob, { importId: created!.id });
    return created!.id;
  });
  deps.checkedUploads.keep(importId, checked);
  deps.wakeJobs();
  return { import_id: importId, file_name: report.fileName, rows: report.rows, total: checked.stones.length };
}

/** How far an import got; its report once done. */
export async function stockImportStatusOf(db: Database, importId: string) {
  const [found] = await db
    .select({
      id: stockImports.id,
      state: stockImports.state,
      total: stockImports.total,
      written: stockImports.written,
      report: stockImports.report,
      error: stockImports.error,
    })
    .from(stockImports)
    .where(eq(stockImports.id, importId));
  if (!found) throw new AppError('NOT_FOUND', 'No stock import has this id.');
  return {
    import_id: found.id,
    state: found.state,
    total: found.total,
    written: found.written,
    report: (found.report as ImportAnswer | null) ?? null,
    error: found.error,
  };
}

/** What the operator reads after an import that went in. */
export function describeImport(answer: ImportAnswer): string {
  const report: ImportReport = {
    fileName: answer.file_name,
    rows: answer.rows,
    inserted: answer.inserted,
    updated: answer.updated,
    notShown: answer.not_shown,
    invalid: answer.invalid,
    ignoredColumns: answer.ignored_columns,
    fileErrors: [],
    imported: true,
  };
  return formatImportReport(report, answer.skip_invalid);
}
