import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, rows } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import type { StoneRow } from './stone-columns.ts';

/**
 * Whole stone rows for the search's hot path. The query builder renders every one of the
 * table's seventy-odd columns and maps every value through its generic row mapper on each
 * query, which costs more than the query itself for a page of 50; here each row is read as one
 * JSON text and each value mapped by its column directly.
 */

/** JSON hands numbers, strings and booleans over as such; only dates (ISO texts) need work. */
function converterOf(column: AnyPgColumn): (value: unknown) => unknown {
  if (column.dataType === 'date')
    return (value) => (value instanceof Date ? value : column.mapFromDriverValue(value));
  if (column.dataType === 'number') {
    return (value) => (typeof value === 'number' ? value : column.mapFromDriverValue(value));
  }
  return (value) => value;
}

const FIELDS = Object.entries(getTableColumns(stones)).map(([key, column]) => ({
  key,
  name: toSnakeCase(column.name),
  convert: converterOf(column),
}));

function toRow(raw: Record<string, unknown>): StoneRow {
  const row: Record<string, unknown> = {};
  for (const { key, name, convert } of FIELDS) {
    const value = raw[name];
    row[key] = value == null ? null : convert(value);
  }
  return row as StoneRow;
}

/**
 * Whole stone rows for a condition, in an order, a page of them. Each row comes as one JSON text
 * (`row_to_json`) rather than seventy-odd fields: both drivers then decode one value a row
 * instead of each field (PGlite copies every field's bytes apart), which measured a third of a
 * search's page read on PGlite (decision 035). `flag`, when given, is a condition on the row read
 * with it (the search's "in my cart").
 */
export async function selectStones(db: Executor, query: Omit<StoneRowsQuery, 'flag'>): Promise<StoneRow[]> {
  return (await selectFlaggedStones(db, query)).map((found) => found.row);
}

/** Which stones, in which order, which page of them, and a condition read with each (`flag`). */
export interface StoneRowsQuery {
  where: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  flag?: SQL;
  /**
   * Locks the rows read for the caller's transaction FOR NO KEY UPDATE, the lock an UPDATE takes
   * (a cart insert elsewhere, whose foreign key takes KEY SHARE, is not blocked by it).
   */
  lock?: boolean;
}

/** The statement's end: its order, its page and its lock. */
function pageOf(query: StoneRowsQuery) {
  return sql`${query.orderBy ? sql` order by ${sql.join(query.orderBy, sql`, `)}` : sql``}${
    query.limit !== undefined ? sql` limit ${query.limit}` : sql``
  }${query.offset ? sql` offset ${query.offset}` : sql``}${query.lock ? sql` for no key update` : sql``}`;
}

/**
 * The condition "the stone is one of these ids", as one array parameter: the statement's text is
 * the same whatever the number of ids, and the ids are uuids the contract checked.
 */
export function stoneIdIn(ids: readonly string[]): SQL {
  return sql`${stones.id} = any(${`{${ids.join(',')}}`}::uuid[])`;
}

export async function selectFlaggedStones(
  db: Executor,
  query: StoneRowsQuery,
): Promise<{ row: StoneRow; flag: boolean }[]> {
  const found = await rows<{ stone: string; flag: boolean | null }>(
    db,
    sql`select row_to_json(${stones})::text as stone, ${query.flag ?? sql`null`} as flag from ${stones} where ${query.where}${pageOf(query)}`,
  );
  return found.map((raw) => ({ row: toRow(JSON.parse(raw.stone)), flag: raw.flag === true }));
}

/**
 * Stone rows as last read, by id and row version (PostgreSQL's `xmin`: new with every write of the
 * row, whoever wrote it, as the bidding board keeps its rows), the most recently used `max` of
 * them. A page read among known ids (`selectFlaggedStonesAmong`) sends the versions it holds and
 * gets a row's JSON only when its version differs, so an unchanged stone is neither rendered as
 * JSON by the database nor parsed again (decision 066). The rows are frozen: every reader shares
 * them.
 */
export class StoneRowCache {
  private readonly held = new Map<string, { version: string; row: StoneRow }>();

  constructor(readonly max = 20_000) {}

  get size() {
    return this.held.size;
  }

  /** The held rows of these ids, each marked as the most recently used. */
  take(ids: readonly string[]): Map<string, { version: string; row: StoneRow }> {
    const found = new Map<string, { version: string; row: StoneRow }>();
    for (const id of ids) {
      const entry = this.held.get(id);
      if (!entry) continue;
      this.held.delete(id);
      this.held.set(id, entry);
      found.set(id, entry);
    }
    return found;
  }

  put(id: string, version: string, row: StoneRow) {
    this.held.delete(id);
    this.held.set(id, { version, row: Object.freeze(row) });
    if (this.held.size > this.max) this.held.delete(this.held.keys().next().value!);
  }
}

/**
 * A page of the stones among `ids` (the candidates the search index names), as
 * `selectFlaggedStones` reads it, in one statement: a row whose version `cache` holds comes back
 * without its JSON and is taken from the cache, any other is read whole and kept.
 */
export async function selectFlaggedStonesAmong(
  db: Executor,
  cache: StoneRowCache,
  ids: readonly string[],
  query: StoneRowsQuery,
): Promise<{ row: StoneRow; flag: boolean }[]> {
  if (ids.length === 0) return [];
  const held = cache.take(ids);
  const known = [...held].map(([id, { version }]) => `${id}:${version}`);
  const found = await rows<{ id: string; version: string; stone: string | null; flag: boolean | null }>(
    db,
    sql`select ${stones.id} as id, ${stones}.xmin::text as version,
          case when ${stones.id}::text || ':' || ${stones}.xmin::text = any(${`{${known.join(',')}}`}::text[])
            then null else row_to_json(${stones})::text end as stone,
          ${query.flag ?? sql`null`} as flag
        from ${stones}
        where ${query.where} and ${stones.id} = any(${`{${ids.join(',')}}`}::uuid[])${pageOf(query)}`,
  );
  return found.map((raw) => {
    let row = raw.stone === null ? held.get(raw.id)?.row : undefined;
    if (!row) {
      row = toRow(JSON.parse(raw.stone!));
      cache.put(raw.id, raw.version, row);
    }
    return { row, flag: raw.flag === true };
  });
}
