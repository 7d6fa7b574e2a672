import type { InclusionKey, Make } from '@loupe/contract/stone-vocabulary';

/**
 * What the search form holds while the buyer edits it (domain-facts §1). Close to the API's
 * filter object, except that number ranges stay as the typed text until they are valid and the
 * carat From/To being typed is kept apart from the ranges already added.
 */

export type ColorMode = 'white' | 'fancy';
export type KeyToSymbolSearchType = 'contain' | 'doesNotContain';

/** One typed range; both ends are text so "1." or "-" can be typed on the way to a number. */
export interface RangeText {
  from: string;
  to: string;
}

export interface RangeField {
  label: string;
  min: number;
  max: number;
}

/** The number ranges of domain-facts §1.4, keyed by their API names, in the form's order. */
export const PRICE_RANGES = {
  discount: { label: 'Discount %', min: -100, max: 100 },
  price_per_carat: { label: 'Price/Ct', min: 0, max: 999_999 },
  price_range: { label: 'Amount', min: 0, max: 999_999 },
} as const satisfies Record<string, RangeField>;

export const PARAMETER_RANGES = {
  table_percentage: { label: 'Table (%)', min: 0, max: 100 },
  depth_percentage: { label: 'Depth (%)', min: 0, max: 100 },
  ratio: { label: 'Ratio', min: 0, max: 100 },
  length: { label: 'Length', min: 0, max: 100 },
  width: { label: 'Width', min: 0, max: 100 },
  depth: { label: 'Depth', min: 0, max: 100 },
  crown_angle: { label: 'Crown Angle', min: 0, max: 360 },
  crown_height: { label: 'Crown Height', min: 0, max: 100 },
  girdle_percentage: { label: 'Girdle %', min: 0, max: 100 },
  pavilion_angle: { label: 'Pavilion Angle', min: 0, max: 360 },
  pavilion_height: { label: 'Pavilion Height', min: 0, max: 100 },
  lower_half: { label: 'Lower Half', min: 0, max: 100 },
  star_length: { label: 'Star Length', min: 0, max: 100 },
} as const satisfies Record<string, RangeField>;

export const RANGE_FIELDS = { ...PRICE_RANGES, ...PARAMETER_RANGES } as const;
export type RangeKey = keyof typeof RANGE_FIELDS;
export const RANGE_KEYS = Object.keys(RANGE_FIELDS) as RangeKey[];

/** Multi-select tile groups, keyed by their API names. */
export type ListKey =
  | 'shape'
  | 'color'
  | 'fancy_color'
  | 'fancy_intensity'
  | 'fancy_overtone'
  | 'clarity'
  | 'cut'
  | 'polish'
  | 'symmetry'
  | 'fluorescence'
  | 'lab'
  | 'location'
  | 'origin_country'
  | 'shade'
  | 'culet'
  | 'key_to_symbol'
  | InclusionKey;

export interface GirdleRange {
  from: string;
  to: string;
}

export interface SearchFormState {
  lists: Partial<Record<ListKey, string[]>>;
  /** Carat ranges added so far ("1.00-1.19"), from the preset tiles and from Add Carats. */
  carats: string[];
  /** The custom From/To being typed, not yet added. */
  caratDraft: RangeText;
  colorMode: ColorMode;
  /** The make shortcut that matches cut, polish, symmetry and fluorescence, if any. */
  make: Make | null;
  girdle: GirdleRange | null;
  keyToSymbolType: KeyToSymbolSearchType;
  ranges: Partial<Record<RangeKey, RangeText>>;
  /** "Images & Videos Required". */
  allAssetRequired: boolean;
}

export function emptyFormState(): SearchFormState {
  return {
    lists: {},
    carats: [],
    caratDraft: { from: '', to: '' },
    colorMode: 'white',
    make: null,
    girdle: null,
    keyToSymbolType: 'contain',
    ranges: {},
    allAssetRequired: false,
  };
}

export function listOf(state: SearchFormState, key: ListKey): string[] {
  return state.lists[key] ?? [];
}

/** Adds the value when absent, removes it when present; keeps the list in the given order. */
export function toggleIn(list: readonly string[], value: string, order?: readonly string[]): string[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  if (!order) return next;
  return [...next].sort((a, b) => rankIn(order, a) - rankIn(order, b));
}

function rankIn(order: readonly string[], value: string): number {
  const index = order.indexOf(value);
  return index < 0 ? order.length : index;
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** Which of the sections that start collapsed this search already uses (they then open). */
export function collapsedSectionsInUse(state: SearchFormState, inclusionKeys: readonly string[]) {
  return {
    parameters:
      state.girdle !== null ||
      Boolean(state.lists.culet?.length) ||
      Object.keys(PARAMETER_RANGES).some((key) => state.ranges[key as RangeKey] !== undefined),
    inclusions: inclusionKeys.some((key) => Boolean(state.lists[key as ListKey]?.length)),
    keyToSymbol: Boolean(state.lists.key_to_symbol?.length),
  };
}
