import type { StoneSortField } from '@loupe/contract/stones';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stones } from '../../platform/db/schema/index.ts';

/** How a result is ordered: the grid's sort, or the trade's default (shape, carats, colour, clarity). */
export interface StoneSort {
  field: StoneSortField;
  direction: 'asc' | 'desc';
}

/** Sort fields that would reveal prices through the order of the rows. */
export const PRICE_SORT_FIELDS: readonly StoneSortField[] = [
  'discount',
  'price_per_carat',
  'rap',
  'rap_value',
  'amount',
];

/** Sortable fields → column. Graded columns hold ranks, so their order is the trade's order. */
const SORT_COLUMNS = {
  lot_id: stones.lotId,
  diamond_status: stones.status,
  location: stones.location,
  lab: stones.lab,
  shape: stones.shape,
  cut: stones.cut,
  carats: stones.carats,
  color: stones.color,
  clarity: stones.clarity,
  polish: stones.polish,
  symmetry: stones.symmetry,
  fluorescence: stones.fluorescence,
  discount: stones.discount,
  price_per_carat: stones.pricePerCarat,
  rap: stones.rapPerCarat,
  rap_value: stones.rapValue,
  amount: stones.amount,
  shade: stones.shade,
  table_percentage: stones.tablePercentage,
  depth_percentage: stones.depthPercentage,
  certificate_number: stones.certificateNumber,
  ratio: stones.ratio,
  length: stones.length,
  crown_angle: stones.crownAngle,
  crown_height: stones.crownHeight,
  girdle_percentage: stones.girdlePercentage,
  pavilion_angle: stones.pavilionAngle,
  pavilion_height: stones.pavilionHeight,
  lower_half: stones.lowerHalf,
  star_length: stones.starLength,
  culet: stones.culet,
  girdle_thin: stones.girdleThin,
  table_black: stones.tableBlack,
  side_black: stones.sideBlack,
  table_inclusion: stones.tableInclusion,
  side_inclusion: stones.sideInclusion,
  table_open: stones.tableOpen,
  crown_open: stones.crownOpen,
  pavilion_open: stones.pavilionOpen,
  milky: stones.milky,
  eye_clean: stones.eyeClean,
  luster: stones.luster,
  origin_country: stones.originCountry,
  certified_at: stones.certifiedAt,
} satisfies Record<StoneSortField, AnyPgColumn>;

export const DEFAULT_STONE_SORT: readonly StoneSort[] = [
  { field: 'shape', direction: 'asc' },
  { field: 'carats', direction: 'asc' },
  { field: 'color', direction: 'asc' },
  { field: 'clarity', direction: 'asc' },
];

/**
 * ORDER BY for a sort (the default when none): ungraded stones last in either direction, and the
 * lot id last of all so pages never overlap or skip a stone.
 */
export function stoneOrderBy(sort: readonly StoneSort[] | undefined = undefined): SQL[] {
  const keys = sort && sort.length > 0 ? sort : DEFAULT_STONE_SORT;
  const seen = new Set<StoneSortField>();
  const order: SQL[] = [];
  for (const { field, direction } of keys) {
    if (seen.has(field)) continue;
    seen.add(field);
    const column = SORT_COLUMNS[field];
    // Ascending puts nulls last by default, and so does an index; only a descending sort of a
    // nullable column needs saying so (writing it for NOT NULL columns would stop an index
    // from serving the order).
    if (direction === 'asc') order.push(asc(column));
    else order.push(column.notNull ? desc(column) : sql`${column} desc nulls last`);
  }
  if (!seen.has('lot_id')) order.push(asc(stones.lotId));
  return order;
}
