import {
  CLARITIES,
  COLORS,
  CULETS,
  FINISH_GRADES,
  FLUORESCENCES,
  GIRDLES,
  type Grade,
  INCLUSIONS,
  LABS,
  LOCATIONS,
  ORIGINS,
  SHADES,
  SHAPES,
  STONE_STATUSES,
} from '@loupe/contract/stone-vocabulary';
import type { Stone, StoneSortField } from '@loupe/contract/stones';

/** A grid's order: one column, ascending or descending; null is the server's trade order. */
export interface SortState {
  field: StoneSortField;
  direction: 'asc' | 'desc';
}

/**
 * Sorting stones already in the browser (a text search's results), in the same trade order the
 * server uses: graded columns by their grade lists, not alphabetically; empty values last.
 */

const GRADE_LISTS: Partial<Record<StoneSortField, readonly Grade[]>> = {
  shape: SHAPES,
  color: COLORS,
  clarity: CLARITIES,
  cut: FINISH_GRADES,
  polish: FINISH_GRADES,
  symmetry: FINISH_GRADES,
  fluorescence: FLUORESCENCES,
  lab: LABS,
  location: LOCATIONS,
  origin_country: ORIGINS,
  shade: SHADES,
  culet: CULETS,
  girdle_thin: GIRDLES,
  table_black: INCLUSIONS.table_black.grades,
  side_black: INCLUSIONS.side_black.grades,
  table_inclusion: INCLUSIONS.table_inclusion.grades,
  side_inclusion: INCLUSIONS.side_inclusion.grades,
  table_open: INCLUSIONS.table_open.grades,
  crown_open: INCLUSIONS.crown_open.grades,
  pavilion_open: INCLUSIONS.pavilion_open.grades,
  milky: INCLUSIONS.milky.grades,
  eye_clean: INCLUSIONS.eye_clean.grades,
  luster: INCLUSIONS.luster.grades,
};

function sortValue(stone: Stone, field: StoneSortField): number | string | null {
  const raw = (stone as unknown as Record<string, unknown>)[field];
  if (raw === null || raw === undefined || raw === '') return null;
  if (field === 'diamond_status') return STONE_STATUSES.indexOf(raw as never);
  const list = GRADE_LISTS[field];
  if (list) {
    const index = list.findIndex((grade) => grade.value === raw);
    return index < 0 ? list.length : index;
  }
  if (typeof raw === 'number') return raw;
  return String(raw);
}

export function sortStones(stones: readonly Stone[], sort: SortState | null): Stone[] {
  if (!sort) return [...stones];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...stones].sort((a, b) => {
    const x = sortValue(a, sort.field);
    const y = sortValue(b, sort.field);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * factor;
    return String(x).localeCompare(String(y), 'en', { numeric: true }) * factor;
  });
}

/** A header click: ascending, then descending, then back to the default order. */
export function nextSort(current: SortState | null, field: StoneSortField): SortState | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}
