import { randomUUID } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  clientOf,
  type Database,
  type Executor,
  isEmbedded,
  rows as rowsOf,
} from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { customersAsking } from '../../platform/give-way.ts';
import { type NewStoneRow, type StoneRow, statusRank } from './stone-columns.ts';

/**
 * Bulk writes of stones that work the same on PGlite and node-postgres: one statement per batch,
 * each column sent as ONE array parameter and unpacked with unnest(). That is a few dozen
 * parameters whatever the batch size (far below PostgreSQL's 65,535), one round trip per batch,
 * and PostgreSQL parses typed arrays much faster than row-by-row VALUES lists.
 */

export type StoneKey = Exclude<keyof NewStoneRow, 'createdAt' | 'updatedAt'>;

/** Every column an insert writes: row key, SQL column, element type of its array parameter. */
export const STONE_INSERT_COLUMNS: readonly (readonly [StoneKey, string, string])[] = [
  // Made here for a new stone (see insertValue); a stone updated keeps its own.
  ['id', 'id', 'uuid'],
  ['lotId', 'lot_id', 'text'],
  ['status', 'status', 'int2'],
  ['shape', 'shape', 'int2'],
  ['carats', 'carats', 'float8'],
  ['color', 'color', 'int2'],
  ['fancyColor', 'fancy_color', 'int2'],
  ['fancyIntensity', 'fancy_intensity', 'int2'],
  ['fancyOvertone', 'fancy_overtone', 'int2'],
  ['clarity', 'clarity', 'int2'],
  ['cut', 'cut', 'int2'],
  ['polish', 'polish', 'int2'],
  ['symmetry', 'symmetry', 'int2'],
  ['fluorescence', 'fluorescence', 'int2'],
  ['lab', 'lab', 'int2'],
  ['certificateNumber', 'certificate_number', 'text'],
  ['certifiedAt', 'certified_at', 'timestamptz'],
  ['length', 'length', 'float8'],
  ['width', 'width', 'float8'],
  ['depth', 'depth', 'float8'],
  ['depthPercentage', 'depth_percentage', 'float8'],
  ['tablePercentage', 'table_percentage', 'float8'],
  ['ratio', 'ratio', 'float8'],
  ['crownAngle', 'crown_angle', 'float8'],
  ['crownHeight', 'crown_height', 'float8'],
  ['pavilionAngle', 'pavilion_angle', 'float8'],
  ['pavilionHeight', 'pavilion_height', 'float8'],
  ['girdlePercentage', 'girdle_percentage', 'float8'],
  ['lowerHalf', 'lower_half', 'float8'],
  ['starLength', 'star_length', 'float8'],
  ['girdleThin', 'girdle_thin', 'int2'],
  ['girdleThick', 'girdle_thick', 'int2'],
  ['culet', 'culet', 'int2'],
  ['shade', 'shade', 'int2'],
  ['milky', 'milky', 'int2'],
  ['luster', 'luster', 'int2'],
  ['eyeClean', 'eye_clean', 'int2'],
  ['tableBlack', 'table_black', 'int2'],
  ['sideBlack', 'side_black', 'int2'],
  ['tableOpen', 'table_open', 'int2'],
  ['crownOpen', 'crown_open', 'int2'],
  ['pavilionOpen', 'pavilion_open', 'int2'],
  ['tableInclusion', 'table_inclusion', 'int2'],
  ['sideInclusion', 'side_inclusion', 'int2'],
  ['naturalCrown', 'natural_crown', 'int2'],
  ['naturalGirdle', 'natural_girdle', 'int2'],
  ['naturalPavilion', 'natural_pavilion', 'int2'],
  ['surfaceGraining', 'surface_graining', 'int2'],
  ['internalGraining', 'internal_graining', 'int2'],
  ['keyToSymbols', 'key_to_symbols', 'int4'],
  ['reportComments', 'report_comments', 'text'],
  ['inscription', 'inscription', 'text'],
  ['originCountry', 'origin_country', 'int2'],
  ['location', 'location', 'int2'],
  ['rapPerCarat', 'rap_per_carat', 'int4'],
  ['discount', 'discount', 'float8'],
  ['pricePerCarat', 'price_per_carat', 'float8'],
  ['amount', 'amount', 'float8'],
  ['rapValue', 'rap_value', 'float8'],
  ['imageUrl', 'image_url', 'text'],
  ['videoUrl', 'video_url', 'text'],
  ['certificateUrl', 'certificate_url', 'text'],
  ['gemtrac', 'gemtrac', 'bool'],
  ['tracrId', 'tracr_id', 'text'],
  ['inHighDemand', 'in_high_demand', 'bool'],
  ['pairLotId', 'pair_lot_id', 'text'],
  ['source', 'source', 'text'],
];

/** Columns with a database default, filled here so every array has a value per row. */
export const INSERT_DEFAULTS: Partial<Record<StoneKey, unknown>> = {
  keyToSymbols: 0,
  gemtrac: false,
  inHighDemand: false,
};

/**
 * A row's value for an insert column: its own, else the default. A new stone's id is made here
 * rather than by the column's `gen_random_uuid()`: on PGlite that opens and reads `/dev/urandom`
 * through the WebAssembly file system for every row an insert proposes, updates included, about
 * 1 s of a 54,000-row upload on a slow machine (decision 079).
 */
export function insertValue(row: NewStoneRow, key: StoneKey): unknown {
  if (key === 'id') return row.id ?? randomUUID();
  return row[key] ?? INSERT_DEFAULTS[key] ?? null;
}

/** Rows per statement: large enough to amortise the round trip, small enough to keep memory flat. */
export const INSERT_BATCH = 5_000;

/**
 * What happens to a row whose lot id (case-insensitive) is already in stock:
 * - `skip`: keep the stone in stock, count the row as skipped;
 * - `update`: overwrite it with the row (an upload), but keep a status the portal gave it
 *   (Hold, Sold, BidToBuy, and a hold or memo reserved for a customer: a buyer's hold, memo or
 *   sale must not be undone by a re-upload) and its lot id's spelling. Who a stone is reserved
 *   for is never an upload's business. A stone already exactly as the row says is left as it is
 *   (no new row version, no index entries, no change recorded: decision 036) and counted as
 *   updated all the same.
 */
export type OnExistingLot = 'skip' | 'update';

export interface WriteResult {
  inserted: number;
  updated: number;
  skipped: number;
}

/** Statuses the portal gives, which an upload keeps. */
const KEPT_STATUSES = sql.raw(`(${(['Hold', 'Sold', 'BidToBuy'] as const).map(statusRank).join(', ')})`);

/**
 * One column of a batch as a PostgreSQL array literal. Written here rather than left to the
 * driver: PGlite serialises a 5,000-element float array element by element, ten times slower.
 */
function arrayLiteral(rows: readonly NewStoneRow[], key: StoneKey, type: string): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = insertValue(rows[i]!, key);
    if (value === null) parts[i] = 'NULL';
    else if (type === 'text' || type === 'uuid')
      parts[i] = `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    else if (value instanceof Date) parts[i] = `"${value.toISOString()}"`;
    else if (typeof value === 'boolean') parts[i] = value ? 't' : 'f';
    else if (typeof value === 'number' && Number.isFinite(value)) parts[i] = String(value);
    else throw new Error(`stone ${rows[i]!.lotId}: ${key} cannot be written (${String(value)})`);
  }
  return `{${parts.join(',')}}`;
}

function statementFor(rows: readonly NewStoneRow[], onExisting: OnExistingLot): SQL {
  const arrays = sql.join(
    STONE_INSERT_COLUMNS.map(
      ([key, , type]) => sql`${sql.param(arrayLiteral(rows, key, type))}::text::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  return insertFrom(sql`SELECT * FROM unnest(${arrays})`, onExisting);
}

/**
 * The columns an update overwrites: all but the stone's id, its lot id (whose spelling stays) and
 * its status.
 */
const UPDATED_COLUMNS = STONE_INSERT_COLUMNS.filter(([key]) => !['id', 'lotId', 'status'].includes(key)).map(
  ([, column]) => column,
);

/** The SQL list of the columns an insert writes, in STONE_INSERT_COLUMNS' order. */
export const INSERT_COLUMN_LIST = STONE_INSERT_COLUMNS.map(([, column]) => column).join(', ');

/**
 * Inserts the rows `source` selects (the columns of STONE_INSERT_COLUMNS, in order), treating a
 * lot id already in stock as `onExisting` says; returns one row per stone written, `inserted`
 * false for an update.
 */
export function insertFrom(source: SQL, onExisting: OnExistingLot): SQL {
  const select = sql`INSERT INTO stones (${sql.raw(INSERT_COLUMN_LIST)}) ${source}`;
  if (onExisting === 'skip') return sql`${select} ON CONFLICT DO NOTHING RETURNING true AS inserted`;
  const updates = UPDATED_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ');
  const status = sql`CASE WHEN stones.status IN ${KEPT_STATUSES} OR stones.reserved_for IS NOT NULL
      THEN stones.status ELSE excluded.status END`;
  return sql`${select} ON CONFLICT ((lower(lot_id))) DO UPDATE SET ${sql.raw(updates)},
    status = ${status},
    updated_at = now()
    WHERE (${sql.raw(UPDATED_COLUMNS.map((c) => `stones.${c}`).join(', '))}, stones.status)
      IS DISTINCT FROM (${sql.raw(UPDATED_COLUMNS.map((c) => `excluded.${c}`).join(', '))}, ${status})
    RETURNING (xmax = 0) AS inserted`;
}

/**
 * What a batch did, from the stones its statement answered: with `update` a row not answered met
 * a stone already exactly as it says (left alone, counted updated); with `skip`, a stone in stock.
 */
export function countWritten(
  batchSize: number,
  inserted: number,
  answered: number,
  onExisting: OnExistingLot,
): WriteResult {
  if (onExisting === 'update') return { inserted, updated: batchSize - inserted, skipped: 0 };
  return { inserted, updated: answered - inserted, skipped: batchSize - answered };
}

/** Writes stones in batches of INSERT_BATCH; pass a transaction to make several calls one unit. */
export async function writeStones(
  db: Executor,
  rows: readonly NewStoneRow[],
  onExisting: OnExistingLot = 'skip',
  batchSize = INSERT_BATCH,
): Promise<WriteResult> {
  const result: WriteResult = { inserted: 0, updated: 0, skipped: 0 };
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const returned = await rowsOf<{ inserted: boolean }>(db, statementFor(batch, onExisting));
    const written = countWritten(
      batch.length,
      returned.filter((r) => r.inserted).length,
      returned.length,
      onExisting,
    );
    result.inserted += written.inserted;
    result.updated += written.updated;
    result.skipped += written.skipped;
  }
  return result;
}

export interface LoadResult extends WriteResult {
  /** Index after the last stone taken from the source: where a further load carries on. */
  nextIndex: number;
  milliseconds: number;
  /** Whether the indexes were dropped for the load and built afresh after it. */
  rebuiltIndexes: boolean;
}

/** From this many stones into an empty table, building the indexes afterwards is faster. */
export const REBUILD_INDEXES_FROM = 10_000;

/**
 * Where a load takes its new stones from: stone `i` of the source is `batch(i, 1)[0]`, so a load
 * that passes over lot ids already in stock asks for more from where it stopped.
 */
export interface StoneSource {
  firstIndex: number;
  batch(firstIndex: number, count: number): NewStoneRow[];
}

/**
 * Inserts `count` new stones from the source a batch at a time, so memory stays flat for a
 * million. The next batch is made while the database writes the previous one. Lot ids already in
 * stock (an upload that used the same numbers) are passed over and the source carries on until
 * `count` stones were added.
 *
 * Into an empty table, a large load runs in one transaction that drops the secondary indexes,
 * writes, and builds them again: sorting once is about twice as fast as maintaining six b-trees
 * row by row, and a failure leaves the table as it was. The table is locked meanwhile, which
 * only matters to a portal that has no stock yet.
 */
export async function loadStones(
  db: Database,
  count: number,
  source: StoneSource,
  tuning: { rebuildIndexesFrom?: number } = {},
): Promise<LoadResult> {
  const started = performance.now();
  const rebuild = count >= (tuning.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM) && (await isStockEmpty(db));
  const load = async (target: Executor) => {
    const indexes = rebuild ? await dropSecondaryIndexes(target) : [];
    const result = await writeFromSource(target, count, source);
    for (const definition of indexes) await target.execute(sql.raw(definition));
    return result;
  };
  const result = rebuild ? await db.transaction((tx) => load(tx)) : await load(db);
  return { ...result, milliseconds: performance.now() - started, rebuiltIndexes: rebuild };
}

export async function isStockEmpty(db: Database) {
  const [found] = await rowsOf<{ stocked: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM stones) AS stocked`,
  );
  return !found?.stocked;
}

/** Drops every index of stones but the primary key (other tables' foreign keys need it); answers their definitions. */
async function dropSecondaryIndexes(db: Executor): Promise<string[]> {
  const found = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = 'stones'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p')`,
  );
  for (const index of found) await db.execute(sql.raw(`DROP INDEX "${index.indexname}"`));
  return found.map((index) => index.indexdef);
}

async function writeFromSource(db: Executor, count: number, source: StoneSource) {
  const result = { inserted: 0, updated: 0, skipped: 0, nextIndex: source.firstIndex };
  let pending: Promise<WriteResult> | undefined;
  let inFlight = 0;
  const settle = async () => {
    if (!pending) return;
    const written = await pending;
    result.inserted += written.inserted;
    result.skipped += written.skipped;
    pending = undefined;
    inFlight = 0;
  };
  for (;;) {
    const missing = count - result.inserted - inFlight;
    if (missing <= 0) {
      if (!pending) break;
      await settle();
      continue;
    }
    const wanted = Math.min(INSERT_BATCH, missing);
    const batch = source.batch(result.nextIndex, wanted);
    result.nextIndex += wanted;
    await settle();
    pending = writeStones(db, batch, 'skip');
    // Its failure surfaces at the next settle; until then it must not count as unhandled.
    pending.catch(() => undefined);
    inFlight = wanted;
    // Let the statement go out before the next batch is generated on this thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}

/**
 * After a large load: fresh planner statistics, and on PostgreSQL a vacuum that marks the pages
 * all-visible so index-only scans (counts by status and shape) skip the table. PGlite has no
 * autovacuum to do it later, and one process, so there a plain ANALYZE keeps the start fast.
 * On PostgreSQL, while customers are asking, the vacuum rests by PostgreSQL's cost-based delay (as
 * autovacuum does): after an upload of 54,000 stones it took a whole core for 0.4 s beside their
 * searches, and takes about a quarter of one for 1.5 s instead (decision 078). The setting is its
 * connection's alone, undone before the connection goes back to the pool.
 */
export async function refreshStoneStatistics(db: Database) {
  if (isEmbedded(db)) {
    await db.execute(sql.raw('ANALYZE stones'));
    return;
  }
  const client = await (clientOf(db) as pg.Pool).connect();
  try {
    if (customersAsking()) await client.query(`SET vacuum_cost_delay = ${VACUUM_REST_MS}`);
    await client.query('VACUUM (ANALYZE) stones');
  } finally {
    // A connection that cannot be reset is closed rather than handed back with the setting.
    const reset = await client.query('RESET vacuum_cost_delay').then(
      () => true,
      () => false,
    );
    client.release(!reset);
  }
}

/** Milliseconds the vacuum rests each time its cost reaches `vacuum_cost_limit` (200 by default). */
const VACUUM_REST_MS = 5;

/** Loads this large change the planner's picture; smaller ones are left to autovacuum. */
export const STATISTICS_THRESHOLD = 1_000;

/** Stones as given, one statement (tests and the demo's hand-made stones); answers the rows written. */
export async function insertStones(db: Executor, newStones: readonly NewStoneRow[]): Promise<StoneRow[]> {
  if (newStones.length === 0) return [];
  return db
    .insert(stones)
    .values([...newStones])
    .returning();
}

/** What may change of a stone's data outside its lifecycle: its grading, prices and media, not its status. */
export type StoneRevision = Partial<
  Omit<NewStoneRow, 'id' | 'lotId' | 'status' | 'reservedFor' | 'reservedUntil'>
>;

/** Corrects or reprices stones (a supplier's new data); the status is the lifecycle's business. */
export async function reviseStones(db: Executor, stoneIds: readonly string[], revision: StoneRevision) {
  if (stoneIds.length === 0) return;
  await db
    .update(stones)
    .set({ updatedAt: new Date(), ...revision })
    .where(inArray(stones.id, [...stoneIds]));
}

/** Empties the stock (a test that needs exactly its own stones); stones in orders cannot go. */
export async function emptyStock(db: Executor) {
  await db.delete(stones);
}

/**
 * Re-dates the first `count` available generated stones (by lot id) so the newest is `newest` and
 * each next one `spacingMs` older: the demo's new arrivals at every start. Stones dated so by a
 * re-dating less than `freshMs` before are left as they are (one read instead of the update): a
 * start soon after another writes nothing, and the first statement on stones is a read, not an
 * update with its triggers and indexes loaded cold (decision 038). Answers whether it re-dated.
 */
export async function redateNewArrivals(
  db: Executor,
  newest: Date,
  spacingMs: number,
  count: number,
  freshMs: number,
) {
  const firstLots = sql`
    SELECT id, lot_id, certified_at FROM stones
    WHERE source = 'generated' AND status = ${statusRank('Available')}
    ORDER BY lower(lot_id) LIMIT ${count}`;
  // How long before its place in the series each stone was dated: one and the same lag for all of
  // them, under freshMs, means the last re-dating chose the same stones less than freshMs ago.
  const [dated] = await rowsOf<{ min_lag: number | null; max_lag: number | null }>(
    db,
    sql`SELECT min(lag)::float8 AS min_lag, max(lag)::float8 AS max_lag FROM (
      SELECT ${newest.getTime()} - (row_number() OVER (ORDER BY lower(lot_id)) - 1) * ${spacingMs}
        - extract(epoch FROM certified_at) * 1000 AS lag
      FROM (${firstLots}) first_lots
    ) lags`,
  );
  // No such stones: nothing to re-date.
  if (!dated || dated.min_lag === null || dated.max_lag === null) return false;
  if (dated.max_lag - dated.min_lag < 1000 && dated.min_lag >= 0 && dated.max_lag < freshMs) return false;
  await db.execute(sql`
    UPDATE stones SET certified_at = to_timestamp((${newest.getTime()} - (chosen.position - 1) * ${spacingMs}) / 1000.0)
    FROM (
      SELECT id, row_number() OVER (ORDER BY lower(lot_id)) AS position FROM (${firstLots}) first_lots
    ) chosen
    WHERE stones.id = chosen.id`);
  return true;
}
