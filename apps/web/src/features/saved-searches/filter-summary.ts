import type { SavedSearch } from '@loupe/contract/saved-searches';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { FINISH_GRADES, labelOf, OTHER_SHAPES, SHAPES } from '@loupe/contract/stone-vocabulary';

/** The columns of a saved search card's mini table (domain-facts §1.5), in order. */
export const SUMMARY_COLUMNS = [
  'Lab',
  'Shape',
  'Carats',
  'Color',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
] as const;
export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

const EMPTY = '-';

function list(values: readonly string[] | undefined, label: (value: string) => string = (v) => v): string {
  if (!values || values.length === 0) return EMPTY;
  if (values.includes('All')) return 'All';
  return values.map(label).join(', ');
}

function shapeLabel(value: string): string {
  return value === OTHER_SHAPES ? 'Others' : labelOf(SHAPES, value);
}

function colorSummary(filters: StoneFilters): string {
  if (filters.color?.length) return list(filters.color);
  const part = (values: readonly string[] | undefined) =>
    values?.length ? (values.includes('All') ? null : values.join('/')) : null;
  const intensity = part(filters.fancy_intensity);
  const overtone = part(filters.fancy_overtone);
  const color = part(filters.fancy_color);
  if (!intensity && !overtone && !color) return filters.fancy_color?.length ? 'Fancy' : EMPTY;
  // "Fancy Vivid Yellow"; without an intensity, "Fancy Yellow" still says it is a fancy colour.
  return [intensity ?? 'Fancy', overtone, color].filter(Boolean).join(' ');
}

/** A make shortcut stands for cut, polish and symmetry together. */
function finish(filters: StoneFilters, key: 'cut' | 'polish' | 'symmetry'): string {
  const values = filters[key];
  if (values?.length) return list(values, (value) => labelOf(FINISH_GRADES, value));
  return filters.make ?? EMPTY;
}

/** What a saved search's mini table shows, "-" where the search leaves the attribute open. */
export function filterSummary(filters: SavedSearch['meta_data']): Record<SummaryColumn, string> {
  return {
    Lab: list(filters.lab),
    Shape: list(filters.shape, shapeLabel),
    Carats: list(filters.carats),
    Color: colorSummary(filters),
    Clarity: list(filters.clarity),
    Cut: finish(filters, 'cut'),
    Polish: finish(filters, 'polish'),
    Symmetry: finish(filters, 'symmetry'),
  };
}
