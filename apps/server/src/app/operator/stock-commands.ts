import { sql } from 'drizzle-orm';
import {
  formatImportReport,
  importStones,
  loadGeneratedStones,
  MAX_GENERATED_STONES,
  MAX_UPLOAD_BYTES,
} from '../../areas/stock-import/index.ts';
import { refreshStoneStatistics, STATISTICS_THRESHOLD } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export const stockUsage = `  stock generate <n> [--seed <s>]     add n generated stones (same seed, same stones)
  stock import <file.csv> [--skip-invalid]
                                      import a supplier stock file (RapNet upload layout)`;

/** A file the CLI read on the operator's machine and sent along with the command. */
export interface AttachedFile {
  name: string;
  content: Uint8Array;
}

/** The seed `stock generate` uses unless told otherwise. */
export const DEFAULT_GENERATE_SEED = 'loupe';
/** The most stones one `stock generate` adds. */
const MAX_GENERATE = 2_000_000;

export async function runStockCommand(
  deps: { db: Database; clock: Clock },
  action: string | undefined,
  rest: string[],
  file: AttachedFile | undefined,
): Promise<string> {
  if (action === 'generate') return generate(deps, rest);
  if (action === 'import') return importFile(deps, rest, file);
  throw new AppError('VALIDATION_FAILED', `Unknown stock command: stock ${[action, ...rest].join(' ')}`);
}

async function generate({ db, clock }: { db: Database; clock: Clock }, rest: string[]) {
  const [count, ...options] = rest;
  const n = Number(count);
  if (!count || !/^\d+$/.test(count) || n < 1 || n > MAX_GENERATE) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Give the number of stones to generate, 1 to ${MAX_GENERATE.toLocaleString('en-US')}: stock generate <n> [--seed <s>]`,
    );
  }
  let seed = DEFAULT_GENERATE_SEED;
  for (let i = 0; i < options.length; i++) {
    if (options[i] === '--seed' && options[i + 1]) seed = options[++i]!;
    else
      throw new AppError(
        'VALIDATION_FAILED',
        `Unknown option ${options[i]}: stock generate <n> [--seed <s>]`,
      );
  }
  // Carry on after the generated stones already in stock, so a second run adds new lot ids.
  const [{ count: existing }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stones)
    .where(sql`${stones.source} = 'generated'`)) as [{ count: number }];
  if (existing + n > MAX_GENERATED_STONES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Generated stock is limited to ${MAX_GENERATED_STONES.toLocaleString('en-US')} stones.`,
    );
  }
  const result = await loadGeneratedStones(db, n, { seed, now: clock.now(), firstIndex: existing });
  const statisticsStarted = performance.now();
  await refreshStoneStatistics(db);
  const seconds = result.milliseconds / 1000;
  const lines = [
    `Generated ${n.toLocaleString('en-US')} stones (seed "${seed}") in ${seconds.toFixed(1)} s: ${Math.round(n / Math.max(seconds, 0.001)).toLocaleString('en-US')} stones/s; ${result.rebuiltIndexes ? 'indexes built after the load; ' : ''}statistics refreshed in ${((performance.now() - statisticsStarted) / 1000).toFixed(1)} s.`,
  ];
  if (result.skipped > 0) {
    lines.push(
      `${result.skipped.toLocaleString('en-US')} generated lot ids were already in stock and were passed over.`,
    );
  }
  return lines.join('\n');
}

async function importFile(
  { db, clock }: { db: Database; clock: Clock },
  rest: string[],
  file: AttachedFile | undefined,
) {
  const names = rest.filter((a) => a !== '--skip-invalid');
  const skipInvalid = rest.includes('--skip-invalid');
  const unknown = names.filter((a) => a.startsWith('--'));
  if (names.length !== 1 || unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Name one file: stock import <file.csv> [--skip-invalid]');
  }
  if (!file) throw new AppError('VALIDATION_FAILED', 'Attach the contents of the file to import.');
  if (file.content.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; split it.`,
    );
  }
  const report = await importStones(db, file.content, { fileName: file.name, skipInvalid, now: clock.now() });
  const text = formatImportReport(report, skipInvalid);
  if (report.inserted + report.updated >= STATISTICS_THRESHOLD) await refreshStoneStatistics(db);
  const failed = report.fileErrors.length > 0 || (!report.imported && report.invalid.length > 0);
  if (failed) {
    throw new AppError('VALIDATION_FAILED', text, {
      rows: report.rows,
      file_errors: report.fileErrors,
      invalid_rows: report.invalid,
    });
  }
  return text;
}
