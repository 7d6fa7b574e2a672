import { FACET_GROUPS, type FacetGroup, type StoneFilters } from '@loupe/contract/search-filters';
import { OTHER_SHAPES } from '@loupe/contract/stone-vocabulary';
import type { StoneSortField } from '@loupe/contract/stones';
import type { IndexNumber, IndexRank, StoneColumns } from './index-columns.ts';
import {
  chosen,
  FACET_BUCKETS,
  filtersNarrow,
  MAKE_GRADES,
  mergeCaratRanges,
  ranks,
  USA_RANKS,
} from './stone-query.ts';
import type { StoneSort } from './stone-sort.ts';

/**
 * The search form's filters over the in-process index (decision 023), with exactly the meaning
 * stone-query.ts gives them in SQL (the two are compared on random stock in index-query.test.ts).
 * The index holds the filters buyers use on every search; a search using any other filter is
 * answered by SQL.
 */

const INDEXED_FILTERS = new Set<keyof StoneFilters>([
  'shape',
  'carats',
  'color',
  'fancy_color',
  'fancy_intensity',
  'fancy_overtone',
  'clarity',
  'make',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'discount',
  'price_per_carat',
  'price_range',
]);

/** A graded filter as a lookup table: allowed[rank] is 1 when the rank passes (0, no grade, never does). */
type Allowed = Uint8Array;

export interface IndexPlan {
  /** The chosen facet groups' tables, in FACET_GROUPS order (a tile counts under all but its own). */
  groups: { group: FacetGroup; allowed: Allowed }[];
  /** Other graded filters (fancy colour, intensity, overtone). */
  ranks: { key: IndexRank; allowed: Allowed }[];
  /** Carat ranges, any of which passes. */
  carats: [number, number][] | null;
  ranges: { key: IndexNumber; from: number; to: number }[];
}

function allowedOf(list: readonly number[], from?: number): Allowed {
  const allowed = new Uint8Array(256);
  for (const rank of list) if (rank > 0 && rank < 256) allowed[rank] = 1;
  if (from !== undefined) allowed.fill(1, Math.max(from, 1));
  return allowed;
}

function both(a: Allowed | undefined, b: Allowed): Allowed {
  if (!a) return b;
  return a.map((v, i) => v & b[i]!);
}

/** The plan of the filters, or null when one of them is not held by the index. */
export function indexPlan(filters: StoneFilters): IndexPlan | null {
  const others = Object.fromEntries(
    Object.entries(filters).filter(([key]) => !INDEXED_FILTERS.has(key as keyof StoneFilters)),
  );
  if (filtersNarrow(others)) return null;

  const groups: Partial<Record<FacetGroup, Allowed>> = {};
  const add = (group: FacetGroup, allowed: Allowed) => {
    groups[group] = both(groups[group], allowed);
  };
  const shape = chosen(filters.shape);
  if (shape) {
    const named = ranks(
      'shape',
      shape.filter((v) => v !== OTHER_SHAPES),
    );
    add('shape', allowedOf(named, shape.includes(OTHER_SHAPES) ? FACET_BUCKETS.namedShapes + 1 : undefined));
  }
  const color = chosen(filters.color);
  if (color) {
    const single = ranks(
      'color',
      color.filter((v) => v !== 'N-Z'),
    );
    add('color', allowedOf(single, color.includes('N-Z') ? FACET_BUCKETS.nToZ : undefined));
  }
  const clarity = chosen(filters.clarity);
  if (clarity) add('clarity', allowedOf(ranks('clarity', clarity)));
  const make = filters.make ? MAKE_GRADES[filters.make] : undefined;
  for (const key of ['cut', 'polish', 'symmetry'] as const) {
    const values = chosen(filters[key]);
    if (values) add(key, allowedOf(ranks(key, values)));
    if (make) add(key, allowedOf(ranks(key, make.finish)));
  }
  const fluorescence = chosen(filters.fluorescence);
  if (fluorescence) add('fluorescence', allowedOf(ranks('fluorescence', fluorescence)));
  if (make?.fluorescence) add('fluorescence', allowedOf(ranks('fluorescence', make.fluorescence)));
  const lab = chosen(filters.lab);
  if (lab) add('lab', allowedOf(ranks('lab', lab)));
  const location = chosen(filters.location);
  if (location) {
    const list = ranks('location', location);
    if (location.includes('USA')) list.push(...USA_RANKS);
    add('location', allowedOf(list));
  }

  const rankFilters: IndexPlan['ranks'] = [];
  for (const key of ['fancy_color', 'fancy_intensity', 'fancy_overtone'] as const) {
    const values = chosen(filters[key]);
    if (values) rankFilters.push({ key, allowed: allowedOf(ranks(key, values)) });
  }
  const carats = chosen(filters.carats);
  const ranges: IndexPlan['ranges'] = [];
  for (const [key, range] of [
    ['discount', filters.discount],
    ['price_per_carat', filters.price_per_carat],
    ['amount', filters.price_range],
  ] as const) {
    if (range) ranges.push({ key, from: range.gte, to: range.lte });
  }
  return {
    groups: FACET_GROUPS.filter((g) => groups[g]).map((group) => ({ group, allowed: groups[group]! })),
    ranks: rankFilters,
    carats: carats ? mergeCaratRanges(carats) : null,
    ranges,
  };
}

const SORT_KEYS: Partial<Record<StoneSortField, IndexRank | IndexNumber>> = {
  shape: 'shape',
  carats: 'carats',
  color: 'color',
  clarity: 'clarity',
  cut: 'cut',
  polish: 'polish',
  symmetry: 'symmetry',
  fluorescence: 'fluorescence',
  lab: 'lab',
  location: 'location',
  discount: 'discount',
  price_per_carat: 'price_per_carat',
  amount: 'amount',
};

/**
 * A sort that is one number per row: the default order (its key) or one never-null decimal
 * (carats, a price); `sign` −1 for descending. Null for any other sort.
 */
export function sortKeyOf(
  columns: StoneColumns,
  sort: readonly StoneSort[] | undefined,
): { values: Float64Array; sign: number } | null {
  if (!sort || sort.length === 0) return { values: columns.orderKey, sign: 1 };
  const fields = new Set(sort.map((s) => s.field));
  const key = SORT_KEYS[sort[0]!.field];
  if (fields.size !== 1 || !key || key in columns.ranks) return null;
  return { values: columns.numbers[key as IndexNumber], sign: sort[0]!.direction === 'asc' ? 1 : -1 };
}

/** Compares two rows in a sort's order (ungraded last either way); null when the index cannot. */
export function comparatorOf(columns: StoneColumns, sort: readonly StoneSort[] | undefined) {
  if (!sort || sort.length === 0) {
    const key = columns.orderKey;
    return (a: number, b: number) => key[a]! - key[b]!;
  }
  const seen = new Set<StoneSortField>();
  const parts: { values: Uint8Array | Float64Array; graded: boolean; sign: number }[] = [];
  for (const { field, direction } of sort) {
    if (seen.has(field)) continue;
    seen.add(field);
    const key = SORT_KEYS[field];
    if (!key) return null;
    const graded = key in columns.ranks;
    const values = graded ? columns.ranks[key as IndexRank] : columns.numbers[key as IndexNumber];
    parts.push({ values, graded, sign: direction === 'asc' ? 1 : -1 });
  }
  const only = parts[0];
  if (parts.length === 1 && only && !only.graded) {
    // One price or carats: never null, one comparison.
    const values = only.values;
    return only.sign === 1
      ? (a: number, b: number) => values[a]! - values[b]!
      : (a: number, b: number) => values[b]! - values[a]!;
  }
  return (a: number, b: number) => {
    for (const { values, graded, sign } of parts) {
      const x = values[a]!;
      const y = values[b]!;
      if (x === y) continue;
      if (graded && (x === 0 || y === 0)) return x === 0 ? 1 : -1;
      return x < y ? -sign : sign;
    }
    return 0;
  };
}
