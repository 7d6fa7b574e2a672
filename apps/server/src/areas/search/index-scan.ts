import { FACET_GROUPS, type FacetGroup } from '@loupe/contract/search-filters';
import { FACET_KEYS, type Facets, facetKey } from './count-facets.ts';
import type { StoneColumns } from './index-columns.ts';
import { comparatorOf, type IndexPlan, sortKeyOf } from './index-query.ts';
import type { StoneSort } from './stone-sort.ts';

/**
 * One search over the index (decision 023), a column at a time: the first filter walks every
 * row, each next one only the rows still in, each a tight loop over one typed array. Tile counts
 * look at the chosen facet groups a row fails, in one pass (decision 077): a row failing none
 * matches and counts on every tile, a row failing one counts on that group's tiles only, and a row
 * failing two counts nowhere, so the look stops there. Synchronous, so the shared buffers are
 * never used by two searches at once.
 */

type Filter =
  | { kind: 'rank'; values: Uint8Array; allowed: Uint8Array }
  | { kind: 'range'; values: Float64Array; from: number; to: number }
  | { kind: 'ranges'; values: Float64Array; ranges: [number, number][] };

let rowsBuffer = new Int32Array(1 << 16);

/**
 * Keeps the rows that pass (every live row when `list` is null) in `out`; answers how many. One
 * loop per kind of filter and source, so each stays monomorphic and tight.
 */
function keep(columns: StoneColumns, filter: Filter, list: Int32Array | null, n: number, out: Int32Array) {
  if (filter.kind === 'rank') {
    return list ? keepRank(filter.values, filter.allowed, list, n, out) : keepRankAll(columns, filter, out);
  }
  if (filter.kind === 'range') {
    return list
      ? keepRange(filter.values, filter.from, filter.to, list, n, out)
      : keepRangeAll(columns, filter, out);
  }
  let kept = 0;
  const { values, ranges } = filter;
  const size = list ? n : columns.size;
  for (let i = 0; i < size; i++) {
    const row = list ? list[i]! : i;
    if (!list && columns.alive[row] === 0) continue;
    const v = values[row]!;
    if (ranges.some(([from, to]) => v >= from && v <= to)) out[kept++] = row;
  }
  return kept;
}

function keepRank(values: Uint8Array, allowed: Uint8Array, list: Int32Array, n: number, out: Int32Array) {
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const row = list[i]!;
    if (allowed[values[row]!] === 1) out[kept++] = row;
  }
  return kept;
}

function keepRankAll(
  columns: StoneColumns,
  filter: { values: Uint8Array; allowed: Uint8Array },
  out: Int32Array,
) {
  let kept = 0;
  const { values, allowed } = filter;
  const alive = columns.alive;
  const size = columns.size;
  for (let row = 0; row < size; row++) {
    if ((allowed[values[row]!]! & alive[row]!) === 1) out[kept++] = row;
  }
  return kept;
}

function keepRange(
  values: Float64Array,
  from: number,
  to: number,
  list: Int32Array,
  n: number,
  out: Int32Array,
) {
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const row = list[i]!;
    const v = values[row]!;
    if (v >= from && v <= to) out[kept++] = row;
  }
  return kept;
}

function keepRangeAll(
  columns: StoneColumns,
  filter: { values: Float64Array; from: number; to: number },
  out: Int32Array,
) {
  let kept = 0;
  const { values, from, to } = filter;
  const alive = columns.alive;
  const size = columns.size;
  for (let row = 0; row < size; row++) {
    const v = values[row]!;
    if (v >= from && v <= to && alive[row] === 1) out[kept++] = row;
  }
  return kept;
}

function allAlive(columns: StoneColumns, out: Int32Array) {
  let kept = 0;
  const alive = columns.alive;
  for (let row = 0; row < columns.size; row++) if (alive[row] === 1) out[kept++] = row;
  return kept;
}

function filtersOf(columns: StoneColumns, plan: IndexPlan, groupsToo: boolean): Filter[] {
  const filters: Filter[] = [];
  const carats = columns.numbers.carats;
  if (plan.carats) {
    filters.push(
      plan.carats.length === 1
        ? { kind: 'range', values: carats, from: plan.carats[0]![0], to: plan.carats[0]![1] }
        : { kind: 'ranges', values: carats, ranges: plan.carats },
    );
  }
  if (groupsToo) {
    for (const g of plan.groups)
      filters.push({ kind: 'rank', values: columns.ranks[g.group], allowed: g.allowed });
  }
  for (const r of plan.ranks)
    filters.push({ kind: 'rank', values: columns.ranks[r.key], allowed: r.allowed });
  for (const r of plan.ranges)
    filters.push({ kind: 'range', values: columns.numbers[r.key], from: r.from, to: r.to });
  return filters;
}

/** The rows passing the filters, in the shared buffer: [rows, count]. */
function filtered(columns: StoneColumns, plan: IndexPlan, filters: Filter[]): [Int32Array, number] {
  if (rowsBuffer.length < columns.size) rowsBuffer = new Int32Array(columns.capacity);
  const rows = rowsBuffer;
  let n: number;
  let rest = filters;
  if (plan.carats) {
    // The carat filter comes first in `filters`: the carat order answers it.
    n = columns.withinCarats(plan.carats, rows);
    rest = filters.slice(1);
  } else if (filters.length > 0) {
    n = keep(columns, filters[0]!, null, 0, rows);
    rest = filters.slice(1);
  } else n = allAlive(columns, rows);
  for (const filter of rest) n = keep(columns, filter, rows, n, rows);
  return [rows, n];
}

export interface IndexAnswer {
  count: number;
  facets?: Facets;
  /**
   * The ids of every matching stone that can come before the end of the page (the first
   * offset + limit in the sort's order and all tied with the last of them), for the database to
   * order exactly; null when there are too many to send or the sort is not held by the index.
   */
  candidates: string[] | null;
}

const MAX_CANDIDATES = 4_000;

/** Count, tile counts and the page's candidates. */
export function searchIndex(
  columns: StoneColumns,
  plan: IndexPlan,
  options: { facets: boolean; sort?: readonly StoneSort[]; end: number },
): IndexAnswer {
  if (!options.facets) {
    const [rows, count] = filtered(columns, plan, filtersOf(columns, plan, true));
    return { count, candidates: candidatesOf(columns, rows, count, options.sort, options.end) };
  }
  const [rows, n] = filtered(columns, plan, filtersOf(columns, plan, false));
  const tally = FACET_GROUPS.map(() => new Uint32Array(256));
  const facetValues = FACET_GROUPS.map((g) => columns.ranks[g]);
  // The two groups that fail the most rows are looked at first, each held in locals: most rows fail
  // both and are done after two looks. Fewer than two chosen groups are made up with one every row
  // passes.
  const groups = groupsByFailures(columns, plan, rows, n);
  while (groups.length < 2) groups.push({ facet: -1, values: facetValues[0]!, allowed: PASS_ALL });
  const { values: firstValues, allowed: firstAllowed, facet: firstFacet } = groups[0]!;
  const { values: secondValues, allowed: secondAllowed, facet: secondFacet } = groups[1]!;
  let count = 0;
  stones: for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    const failsFirst = firstAllowed[firstValues[row]!] === 0;
    const failsSecond = secondAllowed[secondValues[row]!] === 0;
    if (failsFirst && failsSecond) continue;
    let failed = failsFirst ? firstFacet : failsSecond ? secondFacet : -1;
    for (let g = 2; g < groups.length; g++) {
      const { values, allowed, facet } = groups[g]!;
      if (allowed[values[row]!] !== 0) continue;
      // A second failed group: the stone counts on no tile.
      if (failed >= 0) continue stones;
      failed = facet;
    }
    if (failed < 0) rows[count++] = row;
    else tally[failed]![facetValues[failed]![row]!]!++;
  }
  for (let f = 0; f < tally.length; f++) {
    const t = tally[f]!;
    const values = facetValues[f]!;
    for (let i = 0; i < count; i++) t[values[rows[i]!]!]!++;
  }
  return {
    count,
    facets: tilesOf(tally),
    candidates: candidatesOf(columns, rows, count, options.sort, options.end),
  };
}

const PASS_ALL = new Uint8Array(256).fill(1);

/** The chosen facet groups, those failing the most of an even sample of the rows first. */
function groupsByFailures(columns: StoneColumns, plan: IndexPlan, rows: Int32Array, n: number) {
  const step = Math.max(1, Math.floor(n / 512));
  return plan.groups
    .map(({ group, allowed }) => {
      const values = columns.ranks[group];
      let failures = 0;
      for (let i = 0; i < n; i += step) if (allowed[values[rows[i]!]!] === 0) failures++;
      return { failures, group: { facet: FACET_GROUPS.indexOf(group), values, allowed } };
    })
    .sort((a, b) => b.failures - a.failures)
    .map(({ group }) => group);
}

function tilesOf(tally: Uint32Array[]): Facets {
  const facets = {} as Record<FacetGroup, Record<string, number>>;
  FACET_GROUPS.forEach((group, f) => {
    const tiles = Object.fromEntries(FACET_KEYS[group].map((key) => [key, 0]));
    const counts = tally[f]!;
    for (let rank = 1; rank < 256; rank++) {
      if (counts[rank] === 0) continue;
      const key = facetKey(group, rank);
      if (key) tiles[key]! += counts[rank]!;
    }
    facets[group] = tiles;
  });
  // The USA tile finds USA-BD stones too, so it counts them.
  facets.location.USA! += facets.location['USA-BD'] ?? 0;
  return facets;
}

/** The `end`-th smallest of the rows' keys (× sign), by a max-heap of the `end` smallest. */
function boundaryKey(values: Float64Array, sign: number, rows: Int32Array, count: number, end: number) {
  const heap = new Float64Array(end);
  let size = 0;
  for (let i = 0; i < count; i++) {
    const v = sign * values[rows[i]!]!;
    if (size < end) {
      let j = size++;
      heap[j] = v;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (heap[parent]! >= heap[j]!) break;
        [heap[j], heap[parent]] = [heap[parent]!, heap[j]!];
        j = parent;
      }
    } else if (v < heap[0]!) {
      heap[0] = v;
      let j = 0;
      for (;;) {
        const l = 2 * j + 1;
        const r = l + 1;
        let top = j;
        if (l < size && heap[l]! > heap[top]!) top = l;
        if (r < size && heap[r]! > heap[top]!) top = r;
        if (top === j) break;
        [heap[j], heap[top]] = [heap[top]!, heap[j]!];
        j = top;
      }
    }
  }
  return heap[0]!;
}

/** The `end`-th row in a comparator's order, by sorting a copy (sorts of several fields; rare). */
function boundaryRow(
  compare: (a: number, b: number) => number,
  rows: Int32Array,
  count: number,
  end: number,
) {
  const sorted = Array.from(rows.subarray(0, count)).sort(compare);
  return sorted[end - 1]!;
}

function candidatesOf(
  columns: StoneColumns,
  rows: Int32Array,
  count: number,
  sort: readonly StoneSort[] | undefined,
  end: number,
): string[] | null {
  if (end <= 0 || count === 0) return [];
  if (end > MAX_CANDIDATES) return null;
  const within: number[] = [];
  if (count <= end) {
    for (let i = 0; i < count; i++) within.push(rows[i]!);
  } else {
    const key = sortKeyOf(columns, sort);
    if (key) {
      const { values, sign } = key;
      const boundary = boundaryKey(values, sign, rows, count, end);
      for (let i = 0; i < count; i++) {
        const row = rows[i]!;
        if (sign * values[row]! <= boundary && within.push(row) > MAX_CANDIDATES) return null;
      }
    } else {
      const compare = comparatorOf(columns, sort);
      if (!compare || count > 50_000) return null;
      const boundary = boundaryRow(compare, rows, count, end);
      for (let i = 0; i < count; i++) {
        const row = rows[i]!;
        if (compare(row, boundary) <= 0 && within.push(row) > MAX_CANDIDATES) return null;
      }
    }
  }
  return within.map((row) => columns.idAt(row));
}

/** Stones of one status within the filters (matching pairs' pool). */
export interface StonePool {
  /** The index's version it was taken from (`StoneColumns.version`). */
  version: string;
  count: number;
  /** Every stone's id as four 32-bit words (`idWords` of index-columns.ts) when there are at most `max`, else null. */
  idWords: Uint32Array | null;
  /** The shapes (ranks) of at least two of its stones: a pair's stones share their shape. */
  shapes: Set<number>;
  /** Whether the stone whose id is the four words of `words` at `at` is in the pool. */
  hasWords(words: Uint32Array, at: number): boolean;
}

export function poolOf(columns: StoneColumns, plan: IndexPlan, status: number, max: number): StonePool {
  const [rows, n] = filtered(columns, plan, filtersOf(columns, plan, true));
  let count = 0;
  const statuses = columns.status;
  const shape = columns.ranks.shape;
  const perShape = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (statuses[row] === status) {
      count++;
      perShape[shape[row]!]!++;
    }
  }
  const shapes = new Set<number>();
  for (let rank = 0; rank < 256; rank++) if (perShape[rank]! >= 2) shapes.add(rank);
  let idWords: Uint32Array | null = null;
  if (count <= max) {
    idWords = new Uint32Array(count * 4);
    let k = 0;
    for (let i = 0; i < n; i++)
      if (statuses[rows[i]!] === status) columns.wordsInto(rows[i]!, idWords, 4 * k++);
  }
  const one = new Int32Array(1);
  // The filters over the columns' arrays as they are now: growing or arranging them replaces the arrays.
  let filters = filtersOf(columns, plan, true);
  let arrays = columns.alive;
  return {
    version: columns.version,
    count,
    idWords,
    shapes,
    hasWords(words, at) {
      const row = columns.findWords(words, at);
      if (row === undefined || columns.status[row] !== status) return false;
      if (columns.alive !== arrays) {
        filters = filtersOf(columns, plan, true);
        arrays = columns.alive;
      }
      one[0] = row;
      let n1 = 1;
      for (const filter of filters) if (n1 > 0) n1 = keep(columns, filter, one, n1, one);
      return n1 === 1;
    },
  };
}
