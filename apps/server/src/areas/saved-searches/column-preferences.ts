import type { ColumnPreference } from '@loupe/contract/saved-searches';
import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { columnPreferences } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

const COLUMNS = new Map(STONE_COLUMNS.map((c) => [c.accessor, c]));

/** The customer's grid arrangement, in sequence order; empty while they keep the default. */
export async function getColumnPreferences(db: Database, customerId: string): Promise<ColumnPreference[]> {
  const [row] = await db
    .select({ columns: columnPreferences.columns })
    .from(columnPreferences)
    .where(eq(columnPreferences.customerId, customerId))
    .limit(1);
  return (row?.columns as ColumnPreference[] | undefined) ?? [];
}

/** Checks the arrangement against the grid's columns and keeps it, replacing the previous one. */
export async function saveColumnPreferences(
  db: Database,
  clock: Clock,
  customerId: string,
  columns: ColumnPreference[],
): Promise<ColumnPreference[]> {
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  columns.forEach((column, i) => {
    const known = COLUMNS.get(column.accessor);
    if (!known) {
      problems.push({
        path: `columns.${i}.accessor`,
        message: `"${column.accessor}" is not a column of the grid`,
      });
    } else if (known.is_fixed && column.is_disabled) {
      problems.push({ path: `columns.${i}.is_disabled`, message: `${known.label} is always shown` });
    }
    if (seen.has(column.accessor)) {
      problems.push({ path: `columns.${i}.accessor`, message: `"${column.accessor}" is listed twice` });
    }
    seen.add(column.accessor);
  });
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', `columns: ${problems[0]!.message}`, problems);
  }

  const sorted = [...columns]
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ accessor, sequence, is_disabled }) => ({ accessor, sequence, is_disabled }));
  const now = clock.now();
  await db
    .insert(columnPreferences)
    .values({ customerId, columns: sorted, updatedAt: now })
    .onConflictDoUpdate({ target: columnPreferences.customerId, set: { columns: sorted, updatedAt: now } });
  return sorted;
}
