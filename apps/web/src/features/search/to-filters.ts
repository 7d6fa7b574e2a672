import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { CARAT_LIMITS, MAKES, type Make, NO_BGM } from '@loupe/contract/stone-vocabulary';
import { caratDraftError, caratsForSearch, normaliseCaratRange } from './carats';
import { ALL, applyMake, matchingMake } from './coupled-selections';
import {
  emptyFormState,
  type ListKey,
  RANGE_FIELDS,
  RANGE_KEYS,
  type RangeKey,
  type SearchFormState,
} from './form-state';
import { checkRange, rangeError } from './range-validation';
import { LIST_KEYS, TILE_VALUES } from './tile-values';

/** The form → the API's filter object, and back (editing a result or a saved search). */

const FANCY_KEYS: ListKey[] = ['fancy_color', 'fancy_intensity', 'fancy_overtone'];

export type FormErrors = Partial<Record<RangeKey | 'carats', string>>;

/** Every open error of the form; any of them disables Search. */
export function formErrors(state: SearchFormState): FormErrors {
  const errors: FormErrors = {};
  for (const key of RANGE_KEYS) {
    const message = rangeError(state.ranges[key], RANGE_FIELDS[key]);
    if (message) errors[key] = message;
  }
  const carats = caratDraftError(state.caratDraft);
  if (carats) errors.carats = carats;
  return errors;
}

export function hasFormErrors(state: SearchFormState): boolean {
  return Object.keys(formErrors(state)).length > 0;
}

/**
 * The filters the API receives. Empty lists and incomplete ranges are left out; the carat range
 * still being typed is included, clamped to 0.15–50.
 */
export function toFilters(state: SearchFormState): StoneFiltersInput {
  const filters: Record<string, unknown> = {};
  for (const key of LIST_KEYS) {
    const list = state.lists[key];
    if (!list?.length) continue;
    if (state.colorMode === 'white' && FANCY_KEYS.includes(key)) continue;
    if (state.colorMode === 'fancy' && key === 'color') continue;
    filters[key] = [...list];
  }
  if (filters.key_to_symbol) filters.key_to_symbol_search_type = state.keyToSymbolType;
  const carats = caratsForSearch(state.carats, state.caratDraft);
  if (carats.length > 0) filters.carats = carats;
  if (state.girdle) filters.girdle = { gte: state.girdle.from, lte: state.girdle.to };
  for (const key of RANGE_KEYS) {
    const check = checkRange(state.ranges[key], RANGE_FIELDS[key]);
    if (check.status === 'valid') filters[key] = { gte: check.gte, lte: check.lte };
  }
  if (state.allAssetRequired) filters.all_asset_required = true;
  return filters as StoneFiltersInput;
}

function numberText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A filter object (a saved search, a result tab) back into the form. Unknown values are dropped. */
export function fromFilters(filters: StoneFiltersInput | null | undefined): SearchFormState {
  let state = emptyFormState();
  if (!filters) return state;
  const source = filters as Record<string, unknown>;
  const lists: SearchFormState['lists'] = {};
  // "No BGM" in a stored search stands for shades None, White and Yellow plus milky M0.
  const noBgm = Array.isArray(source.shade) && source.shade.includes(NO_BGM.label);
  for (const key of LIST_KEYS) {
    const raw = source[key];
    const wanted = new Set(Array.isArray(raw) ? raw : []);
    if (noBgm && key === 'shade') for (const shade of NO_BGM.shades) wanted.add(shade);
    if (noBgm && key === 'milky') for (const milky of NO_BGM.milky) wanted.add(milky);
    const allowed = TILE_VALUES[key];
    const values = wanted.has(ALL) ? [...allowed] : allowed.filter((value) => wanted.has(value));
    if (values.length > 0) lists[key] = values;
  }
  state.lists = lists;
  state.colorMode = FANCY_KEYS.some((key) => lists[key]?.length) ? 'fancy' : 'white';
  if (state.colorMode === 'fancy') delete state.lists.color;

  if (Array.isArray(source.carats)) {
    state.carats = source.carats
      .map((range) => (typeof range === 'string' ? normaliseCaratRange(range) : null))
      .filter((range): range is string => range !== null);
  }
  const girdle = source.girdle as { gte?: unknown; lte?: unknown } | undefined;
  if (girdle && typeof girdle.gte === 'string' && typeof girdle.lte === 'string') {
    state.girdle = { from: girdle.gte, to: girdle.lte };
  }
  for (const key of RANGE_KEYS) {
    const range = source[key] as { gte?: unknown; lte?: unknown } | undefined;
    if (range && typeof range === 'object') {
      state.ranges[key] = { from: numberText(range.gte), to: numberText(range.lte) };
    }
  }
  if (source.key_to_symbol_search_type === 'doesNotContain') state.keyToSymbolType = 'doesNotContain';
  state.allAssetRequired = source.all_asset_required === true;

  const make = source.make;
  const hasGrades = ['cut', 'polish', 'symmetry'].some((key) => lists[key as ListKey]?.length);
  if (!hasGrades && typeof make === 'string' && (MAKES as readonly string[]).includes(make)) {
    state = applyMake(state, make as Make);
  }
  return { ...state, make: matchingMake(state) };
}

/** True when the form filters nothing at all (every stone matches). */
export function isEmptySearch(state: SearchFormState): boolean {
  return Object.keys(toFilters(state)).length === 0;
}

export const CARAT_HINT = `From ${CARAT_LIMITS.min} to ${CARAT_LIMITS.max} carats`;
