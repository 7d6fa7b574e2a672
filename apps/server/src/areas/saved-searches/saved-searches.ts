import type { SavedSearch } from '@loupe/contract/saved-searches';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { savedSearches } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    diamond_count: row.diamondCount,
    meta_data: row.filters as StoneFilters,
    is_matching_pair: row.isMatchingPair,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const own = (customerId: string) =>
  and(eq(savedSearches.customerId, customerId), eq(savedSearches.isDeleted, false));

/** LIKE treats % and _ as wildcards; a name filter means the characters themselves. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The customer's saved searches, newest first; `name` keeps those whose name contains it. */
export async function listSavedSearches(
  db: Database,
  customerId: string,
  query: { name?: string; limit: number },
) {
  const name = query.name?.trim();
  const where = name ? and(own(customerId), ilike(savedSearches.name, containing(name))) : own(customerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(savedSearches)
      .where(where)
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .limit(query.limit),
    db.select({ count: sql<number>`count(*)::integer` }).from(savedSearches).where(where),
  ]);
  return { saved_searches: rows.map(toSavedSearch), count: total?.count ?? 0 };
}

export async function createSavedSearch(
  db: Database,
  clock: Clock,
  customerId: string,
  input: { name: string; diamond_count: number; meta_data: StoneFilters; is_matching_pair: boolean },
): Promise<SavedSearch> {
  const now = clock.now();
  const [row] = await db
    .insert(savedSearches)
    .values({
      customerId,
      name: input.name,
      diamondCount: input.diamond_count,
      filters: input.meta_data,
      isMatchingPair: input.is_matching_pair,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toSavedSearch(row!);
}

/** Renames a saved search or replaces its filters; another customer's search is not found. */
export async function updateSavedSearch(
  db: Database,
  clock: Clock,
  customerId: string,
  id: string,
  input: { name?: string; diamond_count?: number; meta_data?: StoneFilters },
): Promise<SavedSearch> {
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.diamond_count !== undefined ? { diamondCount: input.diamond_count } : {}),
      ...(input.meta_data !== undefined ? { filters: input.meta_data } : {}),
      updatedAt: clock.now(),
    })
    .where(and(eq(savedSearches.id, id), own(customerId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This saved search does not exist.');
  return toSavedSearch(row);
}

/**
 * Marks the customer's searches among `ids` deleted. Ids that are not theirs, or already gone,
 * are passed over: deleting twice is harmless, and the answer tells nothing about others' ids.
 */
export async function deleteSavedSearches(db: Database, clock: Clock, customerId: string, ids: string[]) {
  await db
    .update(savedSearches)
    .set({ isDeleted: true, updatedAt: clock.now() })
    .where(and(inArray(savedSearches.id, ids), own(customerId)));
}
