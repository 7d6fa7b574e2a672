import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { clientOf, type Database, isEmbedded, rows as rowsOf, whenQuiet } from '../../platform/db/client.ts';
import {
  afterRequests,
  givingWay,
  REQUEST_WAIT,
  type RequestWait,
  restingAfter,
} from '../../platform/give-way.ts';
import { sinceLastRequest } from '../../platform/http/request-pulse.ts';
import type { NewStoneRow } from './stone-columns.ts';
import {
  countWritten,
  INSERT_COLUMN_LIST,
  insertFrom,
  insertValue,
  type OnExistingLot,
  refreshStoneStatistics,
  STONE_INSERT_COLUMNS,
  type WriteResult,
} from './write-stones.ts';

/**
 * A large upload written while the portal keeps answering (decision 024).
 *
 * PostgreSQL: one transaction on a connection of its own. Each batch is copied (`COPY … FROM
 * STDIN`, the fastest way in) into a temporary table and merged from there into stones with the
 * same insert-or-update as every other write; a failure rolls the whole upload back, and searches
 * on the pool's other connections never wait for it.
 *
 * PGlite: one connection for everything, so an open transaction would stop every request until
 * the upload is in. The rows go by COPY from a blob into a temporary table, a few merges' worth at
 * a time, and are merged from there with the same statement in short steps of their own (decision
 * 046), each begun only once the customers' requests under way are answered (decision 071) and the
 * connection has been quiet for a few milliseconds: a request goes first, and waits at most for one
 * step. The steps are 125 rows while requests come, larger once none has come for a second. An
 * upload is checked whole before the first step, so what can still fail is the database itself;
 * the upload is idempotent (the same file gives the same stones), and its job runs it again.
 */

export interface BulkWriteOptions {
  onExisting: OnExistingLot;
  /**
   * Runs before each batch is sent to the database (e.g. to fill in values from the stones in
   * stock), with the position of its first row among the rows written; on PGlite a batch here is
   * what one COPY sends, several merges' worth.
   */
  beforeBatch?(batch: NewStoneRow[], first: number): Promise<void>;
  /** After each batch, with the stones written so far. */
  progress?(written: number): Promise<void> | void;
  tuning?: Partial<BulkTuning>;
  /** On PostgreSQL, told of the upload's transaction just before its COMMIT (decision 053). */
  staging?: WriteStaging;
}

/**
 * A reader of stones given the chance to see a large write's rows before it commits (the search
 * index builds its columns with them beside the live ones, decision 053). `beforeCommit` runs
 * inside the write's transaction with its statements (`query`); it answers a function told
 * whether the transaction then committed, or nothing. A failure of it is the reader's own: the
 * write commits all the same.
 */
export interface WriteStaging {
  beforeCommit(query: StagingQuery): Promise<((committed: boolean) => void) | undefined>;
}
export type StagingQuery = <T extends object>(text: string, params?: unknown[]) => Promise<T[]>;

export interface BulkTuning {
  /** Rows per batch on PostgreSQL. */
  copyBatch: number;
  /** Rows per merge on PGlite: each holds the one connection while it runs. */
  embeddedBatch: number;
  /** Rows per merge on PGlite once no request has begun for `embeddedCalmMs`. */
  embeddedCalmBatch: number;
  embeddedCalmMs: number;
  /** On PGlite, each statement waits until the connection was this long without work … */
  embeddedQuietMs: number;
  /** … but no longer than this (requests without a pause must not stop the upload). */
  embeddedMaxWaitMs: number;
  /** Each statement first waits for the customers' requests under way (decisions 062, 071). */
  requests: RequestWait;
}

export const BULK_TUNING: BulkTuning = {
  copyBatch: 5_000,
  embeddedBatch: 125,
  embeddedCalmBatch: 2_000,
  embeddedCalmMs: 1_000,
  embeddedQuietMs: 4,
  embeddedMaxWaitMs: 250,
  requests: REQUEST_WAIT,
};

export async function bulkWriteStones(
  db: Database,
  rows: readonly NewStoneRow[],
  options: BulkWriteOptions,
): Promise<WriteResult> {
  const tuning = { ...BULK_TUNING, ...options.tuning };
  if (isEmbedded(db)) return writeEmbedded(db, rows, options, tuning);
  return writeByCopy(clientOf(db) as pg.Pool, rows, options, tuning);
}

/** Columns of stones one ANALYZE step reads on PGlite after an upload. */
const STATISTICS_STEP_COLUMNS = 8;

export interface StatisticsTuning {
  /** On PGlite, each ANALYZE step waits until no request has begun for this long … */
  statisticsCalmMs: number;
  /** … but the refresh runs anyway once this long has passed since it was asked for. */
  statisticsMaxWaitMs: number;
}

export const STATISTICS_TUNING: StatisticsTuning = {
  statisticsCalmMs: 2_000,
  statisticsMaxWaitMs: 5 * 60_000,
};

/**
 * The planner's statistics after an upload, while the portal keeps answering (decisions 052,
 * 054). On PostgreSQL as ever (another connection). On PGlite a whole `ANALYZE stones` held the
 * one connection for 1-1.3 s of CPU (71 columns of a 30,000-row sample); it goes as one ANALYZE
 * of eight columns at a time instead, each begun after a quiet moment like the upload's steps:
 * the same statistics (each step samples afresh). A step still holds the thread for 80-200 ms
 * (its sampling costs the same whatever its columns), longer than a search, so on PGlite each
 * step also waits for a pause in customers' requests (none begun for `statisticsCalmMs`), or
 * runs anyway once `statisticsMaxWaitMs` has passed since the refresh was asked for. Searches
 * answered by the search index read their rows by id and do not wait for it (decision 054).
 * The expression indexes' own statistics (lower lot and certificate numbers, both nearly unique)
 * are refreshed only by a whole ANALYZE (the seed's, `stock generate`'s).
 */
export async function refreshStoneStatisticsGivingWay(
  db: Database,
  tuning: Partial<BulkTuning & StatisticsTuning> = {},
  turn: { begun: boolean } = { begun: false },
) {
  if (!isEmbedded(db)) {
    turn.begun = true;
    return refreshStoneStatistics(db);
  }
  const { embeddedQuietMs, embeddedMaxWaitMs, statisticsCalmMs, statisticsMaxWaitMs } = {
    ...BULK_TUNING,
    ...STATISTICS_TUNING,
    ...tuning,
  };
  const client = clientOf(db) as PGlite;
  const until = performance.now() + statisticsMaxWaitMs;
  const whenCalm = async () => {
    const waiting = () => !hurried.has(db) && !client.closed && performance.now() < until;
    while (sinceLastRequest() < statisticsCalmMs && waiting()) {
      const left = Math.min(statisticsCalmMs - sinceLastRequest(), until - performance.now(), 100);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, left)));
    }
    await whenQuiet(db, embeddedQuietMs, embeddedMaxWaitMs);
  };
  await whenCalm();
  if (client.closed) return;
  turn.begun = true;
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = 'stones'::regclass and attnum > 0 and not attisdropped order by attnum`,
  );
  for (let i = 0; i < columns.length; i += STATISTICS_STEP_COLUMNS) {
    const step = columns.slice(i, i + STATISTICS_STEP_COLUMNS).map(({ name }) => `"${name}"`);
    await whenCalm();
    // Closed without waiting for it (a crash, a test): refreshed after the next large write.
    if (client.closed) return;
    await db.execute(sql.raw(`ANALYZE stones (${step.join(', ')})`));
  }
}

/** A refresh asked for, and whether it has begun sampling. */
interface Refresh {
  begun: boolean;
  done: Promise<void>;
}

const refreshes = new WeakMap<Database, Refresh>();
/** Databases whose refreshes no longer wait for a pause in requests (the app is closing). */
const hurried = new WeakSet<Database>();

/**
 * `refreshStoneStatisticsGivingWay` after the one asked for before, if any; a refresh asked for
 * while another is still waiting to begin is that one (it will sample the rows written now too),
 * so uploads one after another owe one refresh, not one each.
 */
export function refreshStoneStatisticsInTurn(
  db: Database,
  tuning: Partial<BulkTuning & StatisticsTuning> = {},
): Promise<void> {
  const last = refreshes.get(db);
  if (last && !last.begun) return last.done;
  const refresh: Refresh = { begun: false, done: Promise.resolve() };
  refresh.done = (last?.done ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => refreshStoneStatisticsGivingWay(db, tuning, refresh))
    .finally(() => {
      refresh.begun = true;
    });
  refreshes.set(db, refresh);
  return refresh.done;
}

/**
 * The statistics refresh asked for last, resolved whether it failed or not; with `now`, it stops
 * waiting for a pause in requests (the server is stopping: nobody asks any more, and PGlite has
 * no autovacuum to refresh them later).
 */
export function statisticsRefreshed(db: Database, { now = false } = {}): Promise<void> {
  if (now) hurried.add(db);
  return (refreshes.get(db)?.done ?? Promise.resolve()).catch(() => undefined);
}

async function writeEmbedded(
  db: Database,
  rows: readonly NewStoneRow[],
  options: BulkWriteOptions,
  tuning: BulkTuning,
): Promise<WriteResult> {
  const client = clientOf(db) as PGlite;
  // A table of this write's own: two imports may run side by side on the one connection. Each
  // row carries its number (n), so a merge takes its rows by a range of numbers.
  const table = `stone_upload_${randomUUID().replaceAll('-', '')}`;
  const result: WriteResult = { inserted: 0, updated: 0, skipped: 0 };
  await client.exec(
    `CREATE TEMP TABLE ${table} AS SELECT 0::int4 AS n, ${INSERT_COLUMN_LIST} FROM stones WITH NO DATA;
    CREATE INDEX ON ${table} (n)`,
  );
  // Each statement waits for the customers' requests under way to be answered (decision 071: a
  // search's statements are not the only time it needs the thread), then for a quiet connection.
  const quiet = async () => {
    await afterRequests(tuning.requests);
    await whenQuiet(db, tuning.embeddedQuietMs, tuning.embeddedMaxWaitMs);
  };
  try {
    let copied = 0;
    for (let first = 0, count = 0; first < rows.length; first += count) {
      await quiet();
      // Larger merges cost less per row, but a request arriving meanwhile waits for the whole
      // merge: they are only for a portal nobody has asked anything for a while.
      const calm = sinceLastRequest() >= tuning.embeddedCalmMs;
      const size = calm ? tuning.embeddedCalmBatch : tuning.embeddedBatch;
      if (copied === first) {
        // The next rows go in by COPY from a blob (PGlite's own way in, decision 036), two
        // merges' worth at a time (decision 046): a row costs COPY about a quarter of its merge
        // as a new stone, about as much as an unchanged one's.
        const part = rows.slice(copied, copied + size * COPY_PER_MERGE);
        await options.beforeBatch?.(part, copied);
        await quiet();
        const blob = new Blob([await copyText(part, copied)]);
        await client.query(`COPY ${table} (n, ${INSERT_COLUMN_LIST}) FROM '/dev/blob'`, [], { blob });
        copied += part.length;
        await quiet();
      }
      count = Math.min(size, copied - first);
      const merge = mergeFrom(table, options.onExisting, [first, first + count]);
      const merged = await client.query<{ inserted: number; written: number }>(merge.sql, merge.params);
      const { inserted = 0, written = 0 } = merged.rows[0] ?? {};
      add(result, countWritten(count, inserted, written, options.onExisting));
      await options.progress?.(result.inserted + result.updated + result.skipped);
    }
    return result;
  } finally {
    await client.exec(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

/** Rows sent by one COPY on PGlite, in merges' worth. */
const COPY_PER_MERGE = 2;

function add(total: WriteResult, batch: WriteResult) {
  total.inserted += batch.inserted;
  total.updated += batch.updated;
  total.skipped += batch.skipped;
}

/**
 * The insert-or-update of every stone in `table` (or of its rows numbered `range`, from and to
 * before), answering how many were inserted and written.
 */
function mergeFrom(table: string, onExisting: OnExistingLot, range?: readonly [number, number]) {
  const numbered = range ? sql` WHERE n >= ${range[0]} AND n < ${range[1]}` : sql``;
  return dialect.sqlToQuery(
    sql`WITH written AS (${insertFrom(sql`SELECT ${sql.raw(INSERT_COLUMN_LIST)} FROM ${sql.raw(table)}${numbered}`, onExisting)})
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS written FROM written`,
  );
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** A value in COPY's text format. */
function copyValue(value: unknown, type: string): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (type === 'text' || type === 'uuid')
    return String(value).replace(/[\\\t\n\r]/g, (c) =>
      c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
    );
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error(`stone value cannot be written: ${String(value)}`);
}

/** A row in COPY's text format; with `number`, the line begins with it. */
function copyLine(row: NewStoneRow, number?: number): string {
  const values = STONE_INSERT_COLUMNS.map(([key, , type]) => copyValue(insertValue(row, key), type));
  return (number === undefined ? values : [number, ...values]).join('\t');
}

/**
 * The batch in COPY's text format; with `firstNumber`, each line begins with the row's number.
 * Gives way every few milliseconds: 5,000 rows of 70 values held the event loop for 35-185 ms on
 * a loaded machine, and a search waited for it (decision 057).
 */
async function copyText(batch: readonly NewStoneRow[], firstNumber?: number): Promise<string> {
  const lines = new Array<string>(batch.length);
  const giveWay = givingWay();
  for (let i = 0; i < batch.length; i++) {
    const pause = giveWay();
    if (pause) await pause;
    lines[i] = copyLine(batch[i]!, firstNumber === undefined ? undefined : firstNumber + i);
  }
  return `${lines.join('\n')}\n`;
}

/** Rows of a COPY sent to PostgreSQL at a time, as their text is built. */
const COPY_PIECE = 250;

/**
 * The batch into `table` by COPY, its text sent a piece at a time as it is built (decision 060:
 * the batch's 2-3 MB sent at once was what searches beside it waited on most), giving way every
 * millisecond while customers are asking (`givingWay(true)`).
 */
async function copyInto(client: pg.PoolClient, table: string, batch: readonly NewStoneRow[]) {
  // Loaded with the first COPY: a start on PGlite never needs it (decision 038).
  const { from: copyFrom } = await import('pg-copy-streams');
  const stream = client.query(copyFrom(`COPY ${table} (${INSERT_COLUMN_LIST}) FROM STDIN`));
  let failed: unknown;
  const done = new Promise<void>((resolve, reject) => {
    stream.on('error', (err) => {
      failed = err;
      reject(err);
    });
    stream.on('finish', resolve);
  });
  done.catch(() => undefined);
  const giveWay = givingWay(true);
  let piece: string[] = [];
  const send = async () => {
    if (piece.length === 0) return;
    const room = stream.write(`${piece.join('\n')}\n`);
    piece = [];
    if (!room) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
  };
  for (const row of batch) {
    const pause = giveWay();
    if (pause) {
      await send();
      await pause;
    }
    if (failed) throw failed;
    piece.push(copyLine(row));
    if (piece.length >= COPY_PIECE) await send();
  }
  await send();
  stream.end();
  await done;
}

async function writeByCopy(
  pool: pg.Pool,
  rows: readonly NewStoneRow[],
  options: BulkWriteOptions,
  tuning: BulkTuning,
): Promise<WriteResult> {
  const merge = mergeFrom('stone_upload', options.onExisting);
  const result: WriteResult = { inserted: 0, updated: 0, skipped: 0 };
  const client = await pool.connect();
  let ended: ((committed: boolean) => void) | undefined;
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE stone_upload ON COMMIT DROP AS SELECT ${INSERT_COLUMN_LIST} FROM stones WITH NO DATA`,
    );
    for (let first = 0; first < rows.length; first += tuning.copyBatch) {
      const batch = rows.slice(first, first + tuning.copyBatch);
      // Each statement of the batch begins once the searches under way are answered (decision 062).
      await afterRequests(tuning.requests);
      await options.beforeBatch?.(batch, first);
      await copyInto(client, 'stone_upload', batch);
      await afterRequests(tuning.requests);
      const answer = await restingAfter(
        () => client.query<{ inserted: number; written: number }>(merge.sql, merge.params),
        tuning.requests,
      );
      const { inserted = 0, written = 0 } = answer.rows[0] ?? {};
      await client.query('TRUNCATE stone_upload');
      add(result, countWritten(batch.length, inserted, written, options.onExisting));
      await options.progress?.(result.inserted + result.updated + result.skipped);
    }
    await afterRequests(tuning.requests);
    ended = await options.staging
      ?.beforeCommit(async (text, params) => (await client.query(text, params)).rows)
      .catch(() => undefined);
    await client.query('COMMIT');
    ended?.(true);
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    ended?.(false);
    throw error;
  } finally {
    client.release();
  }
}
