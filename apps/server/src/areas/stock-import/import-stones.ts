import path from 'node:path';
import { STOCK_FILE_MAX_BYTES } from '@loupe/contract/stock-import';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, rows } from '../../platform/db/client.ts';
import { type BulkTuning, bulkWriteStones, type NewStoneRow, type WriteStaging } from '../stones/index.ts';
import { CsvError, type CsvRecord, decodeStockFile, readStockCsv } from './stock-csv.ts';
import { type ColumnMap, mapColumns } from './upload-columns.ts';
import { readUploadRow } from './upload-row.ts';

/**
 * `stock import <file.csv>`: a supplier's stock list in the upload layout (stock-upload-format.md)
 * becomes stones. Every row is checked first; nothing is written while any row is invalid unless
 * the operator asks to skip invalid rows. A stock number already in stock (in any case) updates
 * that stone, a new one adds a stone. The upload is checked when it arrives and written by a job a
 * batch at a time (decision 024). Rows marked not available (NA) are passed over and reported as
 * skipped.
 */

/** The largest upload accepted: 50 MB, some 250,000 stones. */
export const MAX_UPLOAD_BYTES = STOCK_FILE_MAX_BYTES;

export interface ReportedRow {
  line: number;
  stock_number: string | null;
  reason: string;
}

export interface ImportReport {
  fileName: string;
  /** Data rows read (blank lines not counted). */
  rows: number;
  inserted: number;
  updated: number;
  /** Rows the supplier marked not available: not shown, so not imported. */
  notShown: ReportedRow[];
  invalid: ReportedRow[];
  ignoredColumns: string[];
  /** Problems with the file as a whole; nothing is imported when there are any. */
  fileErrors: string[];
  /** Whether anything was written. */
  imported: boolean;
}

export interface ImportOptions {
  fileName: string;
  skipInvalid: boolean;
  now: Date;
  /** Give way every millisecond while customers are asking: PostgreSQL only (`givingWay`, decision 057). */
  shortTurns?: boolean;
}

/** A file read and every row checked: what an import would write, and the report so far. */
export interface CheckedFile {
  report: ImportReport;
  stones: { stone: NewStoneRow; hasReportDate: boolean }[];
}

/** Whether every value from `from` on is blank (a loop: this runs for every row, twice). */
function isBlank(values: readonly string[], from: number): boolean {
  for (let i = from; i < values.length; i++) if (values[i]!.trim() !== '') return false;
  return true;
}

/**
 * Reads the file and checks every row, writing nothing. The report says whether it can be
 * imported: not when the file as a whole is wrong, nor while a row is invalid unless invalid
 * rows are to be skipped.
 */
export async function checkStockFile(bytes: Uint8Array, options: ImportOptions): Promise<CheckedFile> {
  const fileName = path.basename(options.fileName);
  const report: ImportReport = {
    fileName,
    rows: 0,
    inserted: 0,
    updated: 0,
    notShown: [],
    invalid: [],
    ignoredColumns: [],
    fileErrors: [],
    imported: false,
  };
  const stones: CheckedFile['stones'] = [];
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    report.fileErrors.push(
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; split it into smaller files.`,
    );
    return { report, stones };
  }

  // The columns are mapped from the header alone; only the report's word on unnamed columns waits
  // for the rows (whether any holds a value there).
  let header: string[] = [];
  let map: ColumnMap = { columns: {}, unknown: [], errors: [] };
  const unnamedFilled = new Map<number, boolean>();
  const firstLineOf = new Map<string, number>();
  const checkRecord = (record: CsvRecord) => {
    if (map.errors.length > 0 || isBlank(record.values, 0)) return;
    for (const [column, filled] of unnamedFilled) {
      if (!filled && (record.values[column] ?? '').trim() !== '') unnamedFilled.set(column, true);
    }
    report.rows++;
    const extra = !isBlank(record.values, header.length);
    const outcome = readUploadRow(record.values, map.columns, { now: options.now, source: fileName });
    const stockNumber = outcome.stockNumber;
    const reasons = outcome.kind === 'invalid' ? [...outcome.reasons] : [];
    if (extra)
      reasons.push(
        `The row has ${record.values.length} values but the header only ${header.length} columns.`,
      );
    if (stockNumber) {
      const seen = firstLineOf.get(stockNumber.toLowerCase());
      if (seen !== undefined) reasons.push(`Stock # ${stockNumber} is already on line ${seen}.`);
      else firstLineOf.set(stockNumber.toLowerCase(), record.line);
    }
    if (reasons.length > 0) {
      report.invalid.push({ line: record.line, stock_number: stockNumber, reason: reasons.join(' ') });
    } else if (outcome.kind === 'not-shown') {
      report.notShown.push({
        line: record.line,
        stock_number: stockNumber,
        reason: 'marked not available (NA)',
      });
    } else if (outcome.kind === 'stone') {
      stones.push({ stone: outcome.stone, hasReportDate: outcome.hasReportDate });
    }
  };
  try {
    await readStockCsv(
      decodeStockFile(bytes),
      {
        header(names) {
          header = names;
          map = mapColumns(names, () => false);
          names.forEach((name, column) => {
            if (name === '') unnamedFilled.set(column, false);
          });
        },
        record: checkRecord,
      },
      options.shortTurns,
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Not CSV: the rows read before the fault say nothing.
    return {
      report: { ...report, rows: 0, notShown: [], invalid: [], fileErrors: [error.message] },
      stones: [],
    };
  }
  map = mapColumns(header, (column) => unnamedFilled.get(column) === true);
  report.ignoredColumns = map.unknown;
  // A map's errors (from the header alone) left every row unchecked: no stones then.
  report.fileErrors.push(...map.errors);
  return { report, stones };
}

/**
 * Whether the checked file is refused whole (nothing is written then): a problem with the file,
 * or an invalid row unless invalid rows are skipped and some stones remain to write.
 */
export function isRefused(checked: CheckedFile, skipInvalid: boolean): boolean {
  const { report } = checked;
  const nothingLeft = checked.stones.length === 0;
  return report.fileErrors.length > 0 || (report.invalid.length > 0 && (!skipInvalid || nothingLeft));
}

/**
 * Writes the stones of a checked file that is not refused, a batch at a time (see the stones
 * area's bulk write), reporting the stones written so far after each batch.
 */
export async function writeCheckedFile(
  db: Database,
  checked: CheckedFile,
  progress?: (written: number) => Promise<void> | void,
  tuning?: Partial<BulkTuning>,
  staging?: WriteStaging,
): Promise<ImportReport> {
  const report = { ...checked.report };
  if (checked.stones.length === 0) return report;
  // Each batch's undated stones by their position: a map keyed by 54,000 stones held the event loop
  // for 10-15 ms as the job began, keeping a buyer's search waiting.
  const written = await bulkWriteStones(
    db,
    checked.stones.map((s) => s.stone),
    {
      onExisting: 'update',
      beforeBatch: (batch, first) =>
        keepReportDates(
          db,
          batch.filter((_, i) => !checked.stones[first + i]!.hasReportDate),
        ),
      progress,
      tuning,
      staging,
    },
  );
  report.inserted = written.inserted;
  report.updated = written.updated;
  report.imported = true;
  return report;
}

/**
 * A row without a report date keeps the date of the stone it updates; a new stone without one
 * counts from the upload (it is new in stock, so it shows among the new arrivals).
 */
async function keepReportDates(db: Executor, undated: NewStoneRow[]) {
  if (undated.length === 0) return;
  const keys = undated.map((stone) => `"${stone.lotId.toLowerCase()}"`).join(',');
  // A join with the keys rather than `lower(lot_id) = ANY(keys)`: PGlite has no autovacuum, and
  // with a young table's statistics it planned the ANY as a scan comparing every row with every
  // key (12 s for one batch of 2,000 at 10,000 stones); the join is hashed or looked up by index.
  const found = await rows<{ key: string; certified_at: string | Date }>(
    db,
    sql`SELECT k.key, s.certified_at FROM unnest(${sql.param(`{${keys}}`)}::text::text[]) AS k(key)
    JOIN stones s ON lower(s.lot_id) = k.key`,
  );
  const dates = new Map(found.map((r) => [r.key, new Date(r.certified_at)]));
  for (const stone of undated) stone.certifiedAt = dates.get(stone.lotId.toLowerCase()) ?? stone.certifiedAt;
}

/** The report as the operator reads it on the command line. */
export function formatImportReport(report: ImportReport, skipInvalid: boolean): string {
  const lines: string[] = [];
  const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  if (report.fileErrors.length > 0) {
    lines.push(`Nothing imported from ${report.fileName}:`, ...report.fileErrors.map((e) => `  ${e}`));
  } else if (!report.imported && report.invalid.length > 0) {
    const valid = report.rows - report.invalid.length - report.notShown.length;
    lines.push(
      `Nothing imported from ${report.fileName}: ${plural(report.invalid.length, 'row')} of ${report.rows.toLocaleString('en-US')} ${report.invalid.length === 1 ? 'is' : 'are'} invalid.`,
      skipInvalid || valid === 0
        ? 'No row is valid.'
        : `Correct ${report.invalid.length === 1 ? 'it' : 'them'}, or run again with --skip-invalid to import the ${plural(valid, 'valid row')}.`,
    );
  } else {
    lines.push(
      `Imported ${report.fileName}: ${plural(report.rows, 'row')} read, ${plural(report.inserted + report.updated, 'stone')} imported (${report.inserted.toLocaleString('en-US')} new, ${report.updated.toLocaleString('en-US')} updated), ${report.notShown.length.toLocaleString('en-US')} skipped as not available, ${report.invalid.length.toLocaleString('en-US')} invalid.`,
    );
  }
  if (report.ignoredColumns.length > 0) lines.push(`Ignored columns: ${report.ignoredColumns.join(', ')}.`);
  for (const row of report.invalid) {
    lines.push(`Line ${row.line}${row.stock_number ? ` (${row.stock_number})` : ''}: ${row.reason}`);
  }
  for (const row of report.notShown) {
    lines.push(
      `Line ${row.line}${row.stock_number ? ` (${row.stock_number})` : ''}: skipped, ${row.reason}.`,
    );
  }
  return lines.join('\n');
}
