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
export async function selectStones(
  db: Executor,
  query: { where: SQL; orderBy?: SQL[]; limit?: number; offset?: number },
): Promise<StoneRow[]> {
  return (await selectFlaggedStones(db, query)).map((found) => found.row);
}

export async function selectFlaggedStones(
  db: Executor,
  query: { where: SQL; orderBy?: SQL[]; limit?: number; offset?: number; flag?: SQL },
): Promise<{ row: StoneRow; flag: boolean }[]> {
  const found = await rows<{ stone: string; flag: boolean | null }>(
    db,
    sql`select row_to_json(${stones})::text as stone, ${query.flag ?? sql`null`} as flag from ${stones} where ${query.where}${
      query.orderBy ? sql` order by ${sql.join(query.orderBy, sql`, `)}` : sql``
    }${query.limit !== undefined ? sql` limit ${query.limit}` : sql``}${
      query.offset ? sql` offset ${query.offset}` : sql``
    }`,
  );
  return found.map((raw) => ({ row: toRow(JSON.parse(raw.stone)), flag: raw.flag === true }));
}
