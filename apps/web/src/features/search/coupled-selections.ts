import {
  GIRDLES,
  type Make,
  NAMED_SHAPE_COUNT,
  NO_BGM,
  OTHER_SHAPES,
  SHAPES,
  valuesOf,
} from '@loupe/contract/stone-vocabulary';
import {
  type ColorMode,
  type GirdleRange,
  type ListKey,
  listOf,
  type SearchFormState,
  sameSet,
  toggleIn,
} from './form-state';

/**
 * The selections that move together (domain-facts §1.2): "All" tiles, the White/Fancy colour
 * modes, the make shortcuts with cut, polish, symmetry and fluorescence, "No BGM" with the shades
 * and milky, and the girdle range. Every function answers a new state and leaves the old alone.
 */

export const ALL = 'All';

/** The shape tiles after "All": the ten named shapes, then "Others". */
export const SHAPE_TILES = [...valuesOf(SHAPES).slice(0, NAMED_SHAPE_COUNT), OTHER_SHAPES] as const;

/**
 * A list with an "All" tile: "All" turns every value on, or every value off when all are on;
 * any other tile toggles itself. "All" is never stored: it shows as on when every value is.
 */
export function toggleWithAll(
  list: readonly string[],
  value: string,
  allValues: readonly string[],
): string[] {
  if (value === ALL) return isAll(list, allValues) ? [] : [...allValues];
  return toggleIn(list, value, allValues);
}

export function isAll(list: readonly string[], allValues: readonly string[]): boolean {
  return allValues.length > 0 && allValues.every((value) => list.includes(value));
}

function withList(state: SearchFormState, key: ListKey, values: string[]): SearchFormState {
  const lists = { ...state.lists };
  if (values.length > 0) lists[key] = values;
  else delete lists[key];
  return { ...state, lists };
}

export function toggleShape(state: SearchFormState, value: string): SearchFormState {
  return withList(state, 'shape', toggleWithAll(listOf(state, 'shape'), value, SHAPE_TILES));
}

const FANCY_KEYS = ['fancy_color', 'fancy_intensity', 'fancy_overtone'] as const;

/** White and Fancy exclude each other: picking one clears the other's choices. */
export function setColorMode(state: SearchFormState, mode: ColorMode): SearchFormState {
  if (state.colorMode === mode) return state;
  let next: SearchFormState = { ...state, colorMode: mode };
  if (mode === 'fancy') next = withList(next, 'color', []);
  else for (const key of FANCY_KEYS) next = withList(next, key, []);
  return next;
}

// ---------- Make shortcuts ----------

const FINISH_KEYS = ['cut', 'polish', 'symmetry'] as const;
export type FinishKey = (typeof FINISH_KEYS)[number];
const FINISH_ORDER = ['EX', 'VG', 'G', 'F'];
const NONE_FLUORESCENCE = 'NON';

const MAKE_GRADES: Record<Make, string[]> = {
  '3EX': ['EX'],
  '3EX+NON': ['EX'],
  '3VG+EX': ['EX', 'VG'],
  '3G': ['G'],
  '3F': ['F'],
};

/** The shortcut that describes these grades and fluorescence exactly, or null. */
export function matchingMake(state: SearchFormState): Make | null {
  const [cut, polish, symmetry] = FINISH_KEYS.map((key) => listOf(state, key));
  if (!cut || !polish || !symmetry) return null;
  const all = (grades: string[]) => [cut, polish, symmetry].every((list) => sameSet(list, grades));
  const fluorescence = listOf(state, 'fluorescence');
  if (all(['EX'])) {
    if (sameSet(fluorescence, [NONE_FLUORESCENCE])) return '3EX+NON';
    return fluorescence.includes(NONE_FLUORESCENCE) ? null : '3EX';
  }
  if (all(['EX', 'VG'])) return '3VG+EX';
  if (all(['G']) && fluorescence.length === 0) return '3G';
  if (all(['F']) && fluorescence.length === 0) return '3F';
  return null;
}

/**
 * A make shortcut sets cut, polish and symmetry together and adjusts fluorescence; clicking the
 * active shortcut again clears the grades.
 */
export function applyMake(state: SearchFormState, make: Make): SearchFormState {
  let next = state;
  if (state.make === make) {
    for (const key of FINISH_KEYS) next = withList(next, key, []);
    return { ...next, make: null };
  }
  for (const key of FINISH_KEYS) next = withList(next, key, [...MAKE_GRADES[make]]);
  const fluorescence = listOf(next, 'fluorescence');
  if (make === '3EX') {
    next = withList(
      next,
      'fluorescence',
      fluorescence.filter((value) => value !== NONE_FLUORESCENCE),
    );
  } else if (make === '3EX+NON') {
    next = withList(next, 'fluorescence', [NONE_FLUORESCENCE]);
  } else if (make === '3G' || make === '3F') {
    next = withList(next, 'fluorescence', []);
  }
  return { ...next, make };
}

/** A hand edit of cut, polish or symmetry re-selects the matching shortcut, or clears it. */
export function toggleFinish(state: SearchFormState, key: FinishKey, value: string): SearchFormState {
  const next = withList(state, key, toggleIn(listOf(state, key), value, FINISH_ORDER));
  return { ...next, make: matchingMake(next) };
}

export function toggleFluorescence(
  state: SearchFormState,
  value: string,
  order: readonly string[],
): SearchFormState {
  const next = withList(state, 'fluorescence', toggleIn(listOf(state, 'fluorescence'), value, order));
  return { ...next, make: matchingMake(next) };
}

// ---------- No BGM ----------

/** "No BGM" is on exactly when shades None, White and Yellow and milky M0 are all selected. */
export function isNoBgm(state: SearchFormState): boolean {
  const shades = listOf(state, 'shade');
  const milky = listOf(state, 'milky');
  return NO_BGM.shades.every((s) => shades.includes(s)) && NO_BGM.milky.every((m) => milky.includes(m));
}

export function toggleNoBgm(
  state: SearchFormState,
  shadeOrder: readonly string[],
  milkyOrder: readonly string[],
): SearchFormState {
  const on = isNoBgm(state);
  const shades = listOf(state, 'shade').filter((s) => !(NO_BGM.shades as readonly string[]).includes(s));
  const milky = listOf(state, 'milky').filter((m) => !(NO_BGM.milky as readonly string[]).includes(m));
  if (on) return withList(withList(state, 'shade', shades), 'milky', milky);
  const order = (list: string[], by: readonly string[]) => list.sort((a, b) => by.indexOf(a) - by.indexOf(b));
  return withList(
    withList(state, 'shade', order([...shades, ...NO_BGM.shades], shadeOrder)),
    'milky',
    order([...milky, ...NO_BGM.milky], milkyOrder),
  );
}

/** Any list tile other than the special ones above. */
export function toggleListValue(
  state: SearchFormState,
  key: ListKey,
  value: string,
  order: readonly string[],
): SearchFormState {
  return withList(state, key, toggleIn(listOf(state, key), value, order));
}

export function toggleListWithAll(
  state: SearchFormState,
  key: ListKey,
  value: string,
  allValues: readonly string[],
): SearchFormState {
  return withList(state, key, toggleWithAll(listOf(state, key), value, allValues));
}

// ---------- Girdle ----------

const GIRDLE_ORDER: readonly string[] = valuesOf(GIRDLES);

/**
 * The girdle is one contiguous range: the first click picks a grade, a second click on another
 * grade fills every step in between; a click on the only selected grade clears it, and a click
 * once a range is chosen starts a new one.
 */
export function clickGirdle(range: GirdleRange | null, code: string): GirdleRange | null {
  if (!range) return { from: code, to: code };
  if (range.from === range.to) {
    if (range.from === code) return null;
    const [from, to] = [range.from, code].sort((a, b) => GIRDLE_ORDER.indexOf(a) - GIRDLE_ORDER.indexOf(b));
    return { from: from!, to: to! };
  }
  return { from: code, to: code };
}

/** The grades a girdle range covers, thinnest first. */
export function girdleSteps(range: GirdleRange | null): string[] {
  if (!range) return [];
  const from = GIRDLE_ORDER.indexOf(range.from);
  const to = GIRDLE_ORDER.indexOf(range.to);
  if (from < 0 || to < 0) return [];
  return GIRDLE_ORDER.slice(Math.min(from, to), Math.max(from, to) + 1);
}
