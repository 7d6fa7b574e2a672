import type { FacetGroup, StoneFilters } from '@loupe/contract/search-filters';
import {
  COLORS,
  INCLUSION_KEYS,
  KEY_TO_SYMBOLS,
  type Make,
  NAMED_SHAPE_COUNT,
  NO_BGM,
  OTHER_SHAPES,
  SEARCHABLE_STATUSES,
  STOCK_LIMITS,
} from '@loupe/contract/stone-vocabulary';
import { and, between, eq, gt, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stones } from '../../platform/db/schema/index.ts';
import { GRADED_COLUMNS, type GradedKey, keyToSymbolBits, rankIn, statusRank } from '../stones/index.ts';
import { PRICE_SORT_FIELDS, type StoneSort } from './stone-sort.ts';

/**
 * The search form's filters (domain-facts §1) as SQL over the stones table, with the trade's
 * meaning of every shortcut. Shared by the search, the listing and the spreadsheet export, so a
 * filter means the same thing on every screen.
 *
 * Conditions are plain comparisons of the rank columns with constants, never functions of a
 * column, so the planner can use the indexes of platform/db/schema/stones.ts.
 */

/** Which part of the stock a customer is looking at. */
export interface StoneScope {
  /**
   * `searchable`: Available, Hold and Memo (the stock search);
   * `new_arrivals`: searchable stones certified within the last 24 hours of `now`;
   * `bid_to_buy`: stones offered in the bid-to-buy event.
   */
  stock: 'searchable' | 'new_arrivals' | 'bid_to_buy';
  /** The injected clock's now: new arrivals are counted back from it. */
  now: Date;
  /** Only stones whose journey can be traced (`?gemtrac=true`). */
  gemtracOnly?: boolean;
}

const SEARCHABLE_RANKS = SEARCHABLE_STATUSES.map(statusRank);
const HOUR = 3_600_000;

/** The scope alone: which statuses (and for new arrivals, which certification dates) qualify. */
export function scopeCondition(scope: StoneScope): SQL {
  const parts: SQL[] = [];
  if (scope.stock === 'bid_to_buy') {
    parts.push(eq(stones.status, statusRank('BidToBuy')));
  } else {
    // Constants rather than bound parameters: the planner can then match a partial index
    // whose predicate is this same list, whatever plan the driver asks for.
    parts.push(sql`${stones.status} in (${sql.raw(SEARCHABLE_RANKS.join(', '))})`);
  }
  if (scope.stock === 'new_arrivals') {
    const since = new Date(scope.now.getTime() - STOCK_LIMITS.newArrivalHours * HOUR);
    parts.push(gt(stones.certifiedAt, since), lte(stones.certifiedAt, scope.now));
  }
  if (scope.gemtracOnly) parts.push(eq(stones.gemtrac, true));
  return and(...parts)!;
}

/** A list filter's values, or undefined when it does not filter (absent, empty, or "All"). */
export function chosen<V extends string>(values: readonly V[] | undefined): V[] | undefined {
  if (!values || values.length === 0 || values.includes('All' as V)) return undefined;
  return [...new Set(values)];
}

export function ranks(key: GradedKey, values: readonly string[]): number[] {
  return values.map((value) => rankIn(key, value)).filter((rank): rank is number => rank !== null);
}

/**
 * A set of ranks, plus optionally every rank from `from` on (N-Z, Others), as the cheapest
 * equivalent condition. Buyers pick adjacent grades (G to I, VS1 to SI1), and a run of ranks
 * written as a range is checked inside an index scan, where an IN list would cost one index
 * descent per value or be left to a filter after reading the row.
 */
function rankCondition(column: AnyPgColumn, ranks: readonly number[], from?: number): SQL {
  let open = from;
  const sorted = [...new Set(ranks)].filter((r) => open === undefined || r < open).sort((a, b) => a - b);
  while (open !== undefined && sorted.at(-1) === open - 1) open = sorted.pop()!;
  const parts: SQL[] = [];
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first !== undefined && last !== undefined) {
    if (first === last) parts.push(eq(column, first));
    else if (last - first + 1 === sorted.length) parts.push(between(column, first, last));
    else parts.push(inArray(column, sorted));
  }
  if (open !== undefined) parts.push(gte(column, open));
  return or(...parts) ?? sql`false`;
}

/** The column holds one of the values; values none of which exist match nothing. */
function inRanks(key: GradedKey, values: readonly string[]): SQL {
  return rankCondition(GRADED_COLUMNS[key].column, ranks(key, values));
}

const NAMED_SHAPE_RANKS = Array.from({ length: NAMED_SHAPE_COUNT }, (_, i) => i + 1);
/** "N-Z": N and every colour after it. */
const N_RANK = COLORS.findIndex((c) => c.value === 'N') + 1;
export const USA_RANKS = [rankIn('location', 'USA')!, rankIn('location', 'USA-BD')!];

function shapeCondition(values: readonly string[]): SQL {
  const named = ranks(
    'shape',
    values.filter((v) => v !== OTHER_SHAPES),
  );
  // "Others": any shape outside the ten named tiles.
  const others = values.includes(OTHER_SHAPES) ? NAMED_SHAPE_RANKS.length + 1 : undefined;
  return rankCondition(stones.shape, named, others);
}

function colorCondition(values: readonly string[]): SQL {
  const single = ranks(
    'color',
    values.filter((v) => v !== 'N-Z'),
  );
  return rankCondition(stones.color, single, values.includes('N-Z') ? N_RANK : undefined);
}

function locationCondition(values: readonly string[]): SQL {
  const list = new Set(ranks('location', values));
  // A stone at the Bonded Diamonds vault in the USA is a USA stone.
  if (values.includes('USA')) for (const rank of USA_RANKS) list.add(rank);
  return rankCondition(stones.location, [...list]);
}

function shadeCondition(values: readonly string[]): SQL {
  const plain = ranks(
    'shade',
    values.filter((v) => v !== NO_BGM.label),
  );
  const parts: SQL[] = [];
  if (plain.length > 0) parts.push(rankCondition(stones.shade, plain));
  if (values.includes(NO_BGM.label)) {
    // "No BGM": no brown, green or milky tinge: a neutral shade and milky M0 together.
    parts.push(and(inRanks('shade', NO_BGM.shades), inRanks('milky', NO_BGM.milky))!);
  }
  return or(...parts) ?? sql`false`;
}

/** The make shortcuts of domain-facts §1.2 as grade sets per column. */
export const MAKE_GRADES: Record<Make, { finish: string[]; fluorescence?: string[] }> = {
  '3EX': { finish: ['EX'] },
  '3EX+NON': { finish: ['EX'], fluorescence: ['NON'] },
  '3VG+EX': { finish: ['EX', 'VG'] },
  '3G': { finish: ['G'] },
  '3F': { finish: ['F'] },
};

/**
 * Carat ranges as few as possible: "1.00-1.19" and "1.20-1.49" (the 1ct tile) are one range,
 * since weights are kept to the hundredth and nothing lies between 1.19 and 1.20. One range
 * bounds an index scan; an OR of several cannot.
 */
export function mergeCaratRanges(texts: readonly string[]): [number, number][] {
  const cents = texts
    .map((text) => text.split('-').map((end) => Math.round(Number(end) * 100)) as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of cents) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.map(([from, to]) => [from / 100, to / 100]);
}

function range(column: AnyPgColumn, bounds: { gte: number; lte: number } | undefined): SQL | undefined {
  return bounds ? between(column, bounds.gte, bounds.lte) : undefined;
}

const PARAMETER_RANGES = {
  table_percentage: stones.tablePercentage,
  depth_percentage: stones.depthPercentage,
  ratio: stones.ratio,
  length: stones.length,
  width: stones.width,
  depth: stones.depth,
  crown_angle: stones.crownAngle,
  crown_height: stones.crownHeight,
  girdle_percentage: stones.girdlePercentage,
  pavilion_angle: stones.pavilionAngle,
  pavilion_height: stones.pavilionHeight,
  lower_half: stones.lowerHalf,
  star_length: stones.starLength,
} as const satisfies Partial<Record<keyof StoneFilters, AnyPgColumn>>;

/** Filters whose value is a price: they would reveal prices to a customer without approved KYC. */
export const PRICE_FILTER_KEYS = ['discount', 'price_per_carat', 'price_range'] as const;
/** The price filters and sorts a request uses (empty when it reveals no price). */
export function priceFieldsUsed(filters: StoneFilters, sort: readonly StoneSort[] = []): string[] {
  return [
    ...PRICE_FILTER_KEYS.filter((key) => filters[key] !== undefined),
    ...sort.map((s) => s.field).filter((field) => PRICE_SORT_FIELDS.includes(field)),
  ];
}

/**
 * The filters' conditions, those of each facet group apart (so a group can be counted under
 * every other filter but its own), the rest together.
 */
export interface FilterParts {
  groups: Partial<Record<FacetGroup, SQL>>;
  rest: SQL[];
}

export function filterParts(filters: StoneFilters): FilterParts {
  const groups: Partial<Record<FacetGroup, SQL[]>> = {};
  const rest: SQL[] = [];
  const inGroup = (group: FacetGroup, condition: SQL) => {
    groups[group] ??= [];
    groups[group].push(condition);
  };

  const shape = chosen(filters.shape);
  if (shape) inGroup('shape', shapeCondition(shape));

  const carats = chosen(filters.carats);
  if (carats) {
    const ranges = mergeCaratRanges(carats);
    rest.push(or(...ranges.map(([from, to]) => between(stones.carats, from, to)))!);
    // Disjoint ranges as an OR cannot bound an index scan; their overall span can, so say it too.
    if (ranges.length > 1) rest.push(between(stones.carats, ranges[0]![0], ranges.at(-1)![1]));
  }

  const color = chosen(filters.color);
  if (color) inGroup('color', colorCondition(color));
  for (const key of ['fancy_color', 'fancy_intensity', 'fancy_overtone'] as const) {
    const values = chosen(filters[key]);
    if (values) rest.push(inRanks(key, values));
  }

  const clarity = chosen(filters.clarity);
  if (clarity) inGroup('clarity', inRanks('clarity', clarity));

  // A make shortcut and hand-picked grades both apply: the form keeps them in step, and a
  // client sending both asks for stones satisfying both.
  const make = filters.make ? MAKE_GRADES[filters.make] : undefined;
  for (const key of ['cut', 'polish', 'symmetry'] as const) {
    const values = chosen(filters[key]);
    if (values) inGroup(key, inRanks(key, values));
    if (make) inGroup(key, inRanks(key, make.finish));
  }
  const fluorescence = chosen(filters.fluorescence);
  if (fluorescence) inGroup('fluorescence', inRanks('fluorescence', fluorescence));
  if (make?.fluorescence) inGroup('fluorescence', inRanks('fluorescence', make.fluorescence));

  const lab = chosen(filters.lab);
  if (lab) inGroup('lab', inRanks('lab', lab));
  const location = chosen(filters.location);
  if (location) inGroup('location', locationCondition(location));

  const origin = chosen(filters.origin_country);
  if (origin) rest.push(inRanks('origin_country', origin));
  const shade = chosen(filters.shade);
  if (shade) rest.push(shadeCondition(shade));

  if (filters.girdle) {
    // The stone's whole girdle, thinnest to thickest, lies within the range. A stone graded with
    // one girdle value only has it as both.
    const from = rankIn('girdle_thin', filters.girdle.gte)!;
    const to = rankIn('girdle_thin', filters.girdle.lte)!;
    rest.push(
      between(stones.girdleThin, from, to),
      between(sql`coalesce(${stones.girdleThick}, ${stones.girdleThin})`, from, to),
    );
  }

  const culet = chosen(filters.culet);
  if (culet) rest.push(inRanks('culet', culet));

  if (filters.key_to_symbol && filters.key_to_symbol.length > 0) {
    // "All" is the whole list: contain = at least one symbol, does not contain = none.
    const symbols = filters.key_to_symbol.includes('All')
      ? KEY_TO_SYMBOLS.map((k) => k.value)
      : filters.key_to_symbol;
    const mask = keyToSymbolBits(symbols);
    const doesNotContain = filters.key_to_symbol_search_type === 'doesNotContain';
    rest.push(
      doesNotContain
        ? sql`(${stones.keyToSymbols} & ${mask}::integer) = 0`
        : sql`(${stones.keyToSymbols} & ${mask}::integer) <> 0`,
    );
  }

  for (const key of INCLUSION_KEYS) {
    const values = chosen(filters[key] as readonly string[] | undefined);
    if (values) rest.push(inRanks(key, values));
  }

  for (const condition of [
    range(stones.discount, filters.discount),
    range(stones.pricePerCarat, filters.price_per_carat),
    range(stones.amount, filters.price_range),
    ...Object.entries(PARAMETER_RANGES).map(([key, column]) =>
      range(column, filters[key as keyof typeof PARAMETER_RANGES]),
    ),
  ]) {
    if (condition) rest.push(condition);
  }

  if (filters.all_asset_required) rest.push(isNotNull(stones.imageUrl), isNotNull(stones.videoUrl));
  if (filters.showOnlyWithVideo) rest.push(isNotNull(stones.videoUrl));
  if (filters.isGemTrackAvailable) rest.push(eq(stones.gemtrac, true));

  return {
    groups: Object.fromEntries(
      Object.entries(groups).map(([group, conditions]) => [group, and(...conditions)!]),
    ),
    rest,
  };
}

/** Whether the filters narrow the stock at all (absent values, empty lists and "All" do not). */
export function filtersNarrow(filters: StoneFilters): boolean {
  const parts = filterParts(filters);
  return parts.rest.length > 0 || Object.keys(parts.groups).length > 0;
}

/** Every condition of the filters within the scope: the WHERE of a search, a count or an export. */
export function stoneConditions(filters: StoneFilters, scope: StoneScope): SQL {
  const { groups, rest } = filterParts(filters);
  return and(scopeCondition(scope), ...Object.values(groups), ...rest)!;
}

/** Shapes outside the ten named tiles count under "OTHER"; colours from N on under "N-Z". */
export const FACET_BUCKETS = { namedShapes: NAMED_SHAPE_RANKS.length, nToZ: N_RANK } as const;
