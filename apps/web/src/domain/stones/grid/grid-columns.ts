import type { ColumnPreference } from '@loupe/contract/saved-searches';
import { STONE_COLUMNS, type StoneColumn } from '@loupe/contract/stone-columns';

/**
 * Which columns the grid shows, in which order: the customer's column preferences over the
 * default arrangement of domain-facts §2.1. Two layout extras are not preferences: the fire icon
 * (always first) and the full shape name (always next to the shape).
 */

export interface ArrangedColumn {
  column: StoneColumn;
  enabled: boolean;
}

/** Kept on the left while the grid scrolls sideways (after the row checkbox and the fire icon). */
export const PINNED_ACCESSORS = ['lot_id', 'shape'] as const;

const BY_ACCESSOR = new Map(STONE_COLUMNS.map((column) => [column.accessor, column]));

export function columnOf(accessor: string): StoneColumn | undefined {
  return BY_ACCESSOR.get(accessor);
}

export function defaultArrangement(): ArrangedColumn[] {
  return STONE_COLUMNS.map((column) => ({ column, enabled: true }));
}

/**
 * The saved preferences applied to the known columns: fixed ones first and always shown, then the
 * rest by their saved sequence; columns added since the customer saved come last, shown.
 */
export function arrangeColumns(preferences: readonly ColumnPreference[] | undefined): ArrangedColumn[] {
  if (!preferences || preferences.length === 0) return defaultArrangement();
  const saved = new Map(preferences.map((pref) => [pref.accessor, pref]));
  const fixed = STONE_COLUMNS.filter((column) => column.is_fixed);
  const managed = STONE_COLUMNS.filter((column) => !column.is_fixed);
  const known = managed
    .filter((column) => saved.has(column.accessor))
    .sort((a, b) => saved.get(a.accessor)!.sequence - saved.get(b.accessor)!.sequence);
  const added = managed.filter((column) => !saved.has(column.accessor));
  return [
    ...fixed.map((column) => ({ column, enabled: true })),
    ...known.map((column) => ({ column, enabled: !saved.get(column.accessor)!.is_disabled })),
    ...added.map((column) => ({ column, enabled: true })),
  ];
}

/** The arrangement as the API keeps it: numbered from 1, fixed columns first. */
export function toPreferences(arranged: readonly ArrangedColumn[]): ColumnPreference[] {
  const fixed = arranged.filter((entry) => entry.column.is_fixed);
  const managed = arranged.filter((entry) => !entry.column.is_fixed);
  return [...fixed, ...managed].map((entry, index) => ({
    accessor: entry.column.accessor,
    sequence: index + 1,
    is_disabled: entry.column.is_fixed ? false : !entry.enabled,
  }));
}

export function isDefaultArrangement(arranged: readonly ArrangedColumn[]): boolean {
  const defaults = defaultArrangement();
  return (
    arranged.length === defaults.length &&
    arranged.every(
      (entry, index) => entry.enabled && entry.column.accessor === defaults[index]?.column.accessor,
    )
  );
}

export function moveColumn(arranged: readonly ArrangedColumn[], from: number, to: number): ArrangedColumn[] {
  const entry = arranged[from];
  const target = arranged[to];
  if (!entry || !target || entry.column.is_fixed || target.column.is_fixed) return [...arranged];
  const next = [...arranged];
  next.splice(from, 1);
  next.splice(to, 0, entry);
  return next;
}

/** A column as the grid draws it. */
export interface GridColumn {
  accessor: string;
  /** The header text; empty for the fire icon. */
  header: string;
  /** The full name, as the header's tooltip. */
  title: string;
  sortField: StoneColumn['sort_field'];
  width: number;
  numeric: boolean;
  pinned: boolean;
}

const WIDTHS: Record<string, number> = {
  lot_id: 118,
  details: 64,
  diamond_status: 92,
  location: 96,
  lab: 78,
  shape: 64,
  shape_full: 112,
  cut: 52,
  carats: 68,
  color: 58,
  clarity: 64,
  polish: 52,
  symmetry: 52,
  fluorescence: 58,
  discount: 96,
  price_per_carat: 110,
  rap: 104,
  rap_value: 116,
  amount: 120,
  shade: 92,
  certificate_number: 112,
  measurements: 136,
  girdle: 96,
  culet: 82,
  eye_clean: 48,
  report_comments: 200,
  key_to_symbols: 220,
  inscription: 140,
  origin_country: 104,
  tracr_id: 170,
};
const NUMERIC = new Set([
  'carats',
  'discount',
  'price_per_carat',
  'rap',
  'rap_value',
  'amount',
  'table_percentage',
  'depth_percentage',
  'ratio',
  'crown_angle',
  'crown_height',
  'girdle_percentage',
  'pavilion_angle',
  'pavilion_height',
  'lower_half',
  'star_length',
]);

export const SELECT_COLUMN_WIDTH = 36;
export const FIRE_COLUMN_WIDTH = 30;

function gridColumn(column: StoneColumn, pinned: boolean): GridColumn {
  return {
    accessor: column.accessor,
    header: column.short_label,
    title: column.label,
    sortField: column.sort_field,
    width: WIDTHS[column.accessor] ?? 72,
    numeric: NUMERIC.has(column.accessor),
    pinned,
  };
}

const SHAPE_FULL: GridColumn = {
  accessor: 'shape_full',
  header: 'Shape Name',
  title: 'Shape name',
  sortField: null,
  width: WIDTHS.shape_full!,
  numeric: false,
  pinned: false,
};

const FIRE: GridColumn = {
  accessor: 'fire_icon',
  header: '',
  title: 'In high demand',
  sortField: null,
  width: FIRE_COLUMN_WIDTH,
  numeric: false,
  pinned: true,
};

/** The drawn columns: fire, the pinned ones, the full shape name, then the rest as arranged. */
export function gridColumns(arranged: readonly ArrangedColumn[]): GridColumn[] {
  const shown = arranged.filter((entry) => entry.enabled).map((entry) => entry.column);
  const pinned = PINNED_ACCESSORS.map((accessor) => shown.find((c) => c.accessor === accessor)).filter(
    (column): column is StoneColumn => column !== undefined,
  );
  const rest = shown.filter((column) => !(PINNED_ACCESSORS as readonly string[]).includes(column.accessor));
  const hasShape = pinned.some((column) => column.accessor === 'shape');
  return [
    FIRE,
    ...pinned.map((column) => gridColumn(column, true)),
    ...(hasShape ? [SHAPE_FULL] : []),
    ...rest.map((column) => gridColumn(column, false)),
  ];
}

/** A column a screen adds to the grid (the cart's reservation); it cannot be sorted. */
export interface ExtraGridColumn {
  accessor: string;
  header: string;
  title: string;
  width: number;
  /**
   * A discount or money column (a bid tab's discounts): locked with "Unlock" for customers whose
   * KYC is not approved, as the stone's own price columns are (domain-facts §2.1 "Price lock").
   */
  price?: boolean;
}

/** The screen's own columns go right after the pinned ones and the full shape name, in view. */
export function withExtraColumns(
  columns: readonly GridColumn[],
  extra: readonly ExtraGridColumn[],
): GridColumn[] {
  if (extra.length === 0) return [...columns];
  const drawn: GridColumn[] = extra.map((column) => ({
    ...column,
    sortField: null,
    numeric: false,
    pinned: false,
  }));
  const shapeFull = columns.findIndex((column) => column.accessor === 'shape_full');
  const lastPinned = columns.findLastIndex((column) => column.pinned);
  const at = Math.max(shapeFull, lastPinned) + 1;
  return [...columns.slice(0, at), ...drawn, ...columns.slice(at)];
}
