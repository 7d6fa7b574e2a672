import type { searchStones } from '@loupe/contract/search';
import { FACET_GROUPS, type FacetGroup, type StoneFilters } from '@loupe/contract/search-filters';
import {
  CLARITIES,
  COLOR_TILES,
  FINISH_FILTER_GRADES,
  FLUORESCENCES,
  LABS,
  LOCATIONS,
  OTHER_SHAPES,
  SHAPES,
} from '@loupe/contract/stone-vocabulary';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { changeSnapshot, GRADED_COLUMNS, stonesChangedSince } from '../stones/index.ts';
import { FACET_BUCKETS, filterParts, type StoneScope, scopeCondition } from './stone-query.ts';

export type Facets = NonNullable<z.input<NonNullable<(typeof searchStones)['response']>>['facets']>;

export const FACET_KEYS: Record<FacetGroup, readonly string[]> = {
  shape: [...SHAPES.slice(0, FACET_BUCKETS.namedShapes).map((s) => s.value), OTHER_SHAPES],
  color: COLOR_TILES,
  clarity: CLARITIES.map((c) => c.value),
  cut: FINISH_FILTER_GRADES,
  polish: FINISH_FILTER_GRADES,
  symmetry: FINISH_FILTER_GRADES,
  fluorescence: FLUORESCENCES.map((f) => f.value),
  lab: LABS.map((l) => l.value),
  location: LOCATIONS.map((l) => l.value),
};

/** The tile a stored rank counts under, or null when no tile shows it (e.g. cut "Poor"). */
export function facetKey(group: FacetGroup, rank: number): string | null {
  if (group === 'shape') {
    return rank > FACET_BUCKETS.namedShapes ? OTHER_SHAPES : (SHAPES[rank - 1]?.value ?? null);
  }
  if (group === 'color') {
    return rank >= FACET_BUCKETS.nToZ ? 'N-Z' : (GRADED_COLUMNS.color.list[rank - 1]?.value ?? null);
  }
  const value = GRADED_COLUMNS[group].list[rank - 1]?.value;
  return value !== undefined && FACET_KEYS[group].includes(value) ? value : null;
}

/**
 * Tile counts change only with the stock, and the search form asks for them on every change of
 * every buyer's form, mostly for the same few states (the empty form, one shape). Counting a
 * million stones by SQL takes long enough to keep the answer for a short while, but only while
 * the stock is as it was counted: each use first asks the change feed (stone_changes, decision
 * 023) whether a stone changed since, and counts again if one did, so a stone sold before a
 * search began is in none of its tiles (decision 047). Identical requests that arrive while one
 * is being counted wait for it instead of counting again.
 */
export class FacetCache {
  private readonly entries = new Map<string, { at: number; counted: Promise<Counted> }>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, count: () => Promise<Facets>): Promise<Facets> {
    const hit = this.entries.get(key);
    if (hit && this.clock.now().getTime() - hit.at < this.ttlMs) {
      const { snapshot, facets } = await hit.counted;
      if (!(await stonesChangedSince(this.db, snapshot))) return facets;
      // Stale: a newer count begun meanwhile is checked in turn, else this request counts.
      const current = this.entries.get(key);
      if (current && current !== hit) return this.get(key, count);
    }
    return (await this.count(key, count)).facets;
  }

  private count(key: string, count: () => Promise<Facets>): Promise<Counted> {
    const counted = changeSnapshot(this.db).then(async (snapshot) => ({ snapshot, facets: await count() }));
    this.entries.delete(key);
    this.entries.set(key, { at: this.clock.now().getTime(), counted });
    // A failed count is not kept: the next request tries again.
    counted.catch(() => {
      if (this.entries.get(key)?.counted === counted) this.entries.delete(key);
    });
    // The oldest entries go first (a Map keeps insertion order).
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return counted;
  }
}

/** Tile counts with the snapshot read just before they were counted. */
interface Counted {
  snapshot: string;
  facets: Facets;
}

/**
 * Per-tile counts of every facet group, each under all the other filters but not its own (the
 * count a tile would add). One scan of the stones that pass the non-facet filters, grouped by
 * every facet column at once (GROUPING SETS), each group's count filtered by the other groups'
 * conditions. A stone failing two or more of the chosen groups counts nowhere, so such stones are
 * left out of the scan.
 */
export function countFacets(
  db: Database,
  filters: StoneFilters,
  scope: StoneScope,
  cache?: FacetCache,
): Promise<Facets> {
  if (!cache) return queryFacets(db, filters, scope);
  const key = JSON.stringify([scope.stock, scope.gemtracOnly ?? false, filters]);
  return cache.get(key, () => queryFacets(db, filters, scope));
}

async function queryFacets(db: Database, filters: StoneFilters, scope: StoneScope): Promise<Facets> {
  const { groups, rest } = filterParts(filters);
  const chosen = FACET_GROUPS.filter((g) => groups[g] !== undefined);
  const allBut = (group: FacetGroup | null) =>
    chosen.filter((g) => g !== group).map((g) => groups[g]!) as SQL[];

  const columns = FACET_GROUPS.map((group) => GRADED_COLUMNS[group].column);
  const selection: Record<string, SQL.Aliased<number | null>> = {};
  FACET_GROUPS.forEach((group, i) => {
    const column = columns[i]!;
    const others = allBut(group);
    const counted =
      others.length > 0
        ? sql<number>`count(*) filter (where ${and(...others)})::integer`
        : sql<number>`count(*)::integer`;
    selection[`v${i}`] = sql<number | null>`${column}`.as(`v${i}`);
    selection[`g${i}`] = sql<number>`grouping(${column})`.as(`g${i}`);
    selection[`n${i}`] = counted.as(`n${i}`);
  });
  const useful = chosen.length >= 2 ? [or(...chosen.map((g) => and(...allBut(g))))!] : [];
  const rows = (await db
    .select(selection)
    .from(stones)
    .where(and(scopeCondition(scope), ...rest, ...useful))
    .groupBy(
      sql`grouping sets (${sql.join(
        columns.map((c) => sql`(${c})`),
        sql`, `,
      )})`,
    )) as Record<string, number | null>[];

  const facets = Object.fromEntries(
    FACET_GROUPS.map((group) => [group, Object.fromEntries(FACET_KEYS[group].map((key) => [key, 0]))]),
  ) as Record<FacetGroup, Record<string, number>>;
  for (const row of rows) {
    FACET_GROUPS.forEach((group, i) => {
      if (row[`g${i}`] !== 0) return;
      const rank = row[`v${i}`];
      if (rank == null) return;
      const key = facetKey(group, rank);
      if (key) facets[group][key]! += row[`n${i}`] ?? 0;
    });
  }
  // The USA tile finds USA-BD stones too, so it counts them.
  facets.location.USA! += facets.location['USA-BD'] ?? 0;
  return facets;
}
