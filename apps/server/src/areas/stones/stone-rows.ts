import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, rows } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import type { StoneRow } from './stone-columns.ts';

/**
 * Whole stone rows for the search's hot path. The query builder renders every one of the
 * table's seventy-odd columns and maps every value through its generic row mapper on each
 * query, which costs more than the query itself for a page of 50; here the column list is
 * rendered once and each value mapped by its column directly.
 */

/** Both drivers already hand numbers, strings and booleans over as such; only dates need work. */
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

const SELECT_LIST = sql.raw(FIELDS.map((field) => `"stones"."${field.name}"`).join(', '));

function toRow(raw: Record<string, unknown>): StoneRow {
  const row: Record<string, unknown> = {};
  for (const { key, name, convert } of FIELDS) {
    const value = raw[name];
    row[key] = value == null ? null : convert(value);
  }
  return row as StoneRow;
}

export async function selectStones(
  db: Executor,
  query: { where: SQL; orderBy?: SQL[]; limit?: number; offset?: number },
): Promise<StoneRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${SELECT_LIST} from ${stones} where ${query.where}${
      query.orderBy ? sql` order by ${sql.join(query.orderBy, sql`, `)}` : sql``
    }${query.limit !== undefined ? sql` limit ${query.limit}` : sql``}${
      query.offset ? sql` offset ${query.offset}` : sql``
    }`,
  );
  return found.map(toRow);
}
