import { CLARITIES, COLORS, valuesOf } from '@loupe/contract/stone-vocabulary';
import { FANCY_SHAPE_GRID, ROUND_GRID } from './price-grid-data.ts';

/**
 * Loupe's list price per carat, like the trade's Rapaport grid: one table for rounds and one for
 * every other shape, by carat band, colour D–M and clarity IF–I3, in whole US dollars. Discounts
 * are quoted against it (pins: "Prices"). The tables in price-grid-data.ts were calibrated once
 * against 53,940 real diamond prices (calibrate-price-grid.ts); nothing is read at run time.
 *
 * Beyond the grid: FL is priced as IF (as the Rapaport grid does), colours below M step down
 * from M, and fancy colours start from the white G price and apply a premium for hue, intensity
 * and overtone.
 */

export type ShapeGroup = 'round' | 'fancy';

/** Carat bands, smallest first; a stone falls in the last band whose `from` it reaches. */
export const CARAT_BANDS = [
  { from: 0.01, to: 0.03 },
  { from: 0.04, to: 0.07 },
  { from: 0.08, to: 0.14 },
  { from: 0.15, to: 0.17 },
  { from: 0.18, to: 0.22 },
  { from: 0.23, to: 0.29 },
  { from: 0.3, to: 0.39 },
  { from: 0.4, to: 0.49 },
  { from: 0.5, to: 0.69 },
  { from: 0.7, to: 0.89 },
  { from: 0.9, to: 0.99 },
  { from: 1, to: 1.49 },
  { from: 1.5, to: 1.99 },
  { from: 2, to: 2.99 },
  { from: 3, to: 3.99 },
  { from: 4, to: 4.99 },
  { from: 5, to: 5.99 },
  { from: 6, to: 9.99 },
  { from: 10, to: 99.99 },
] as const;

/** The grid's columns: colours D to M and clarities IF to I3, in the vocabulary's order. */
export const GRID_COLORS: readonly string[] = valuesOf(COLORS).slice(0, valuesOf(COLORS).indexOf('M') + 1);
export const GRID_CLARITIES: readonly string[] = valuesOf(CLARITIES).slice(valuesOf(CLARITIES).indexOf('IF'));

export function shapeGroupOf(shape: string): ShapeGroup {
  return shape === 'BR' ? 'round' : 'fancy';
}

/** The index of the band a weight falls in (weights are compared at 2 decimals). */
export function caratBandIndex(carats: number): number {
  const weight = Math.round(carats * 100) / 100;
  let index = 0;
  for (let i = 0; i < CARAT_BANDS.length; i++) {
    if (weight >= CARAT_BANDS[i]!.from) index = i;
  }
  return index;
}

export function caratBandLabel(index: number): string {
  const band = CARAT_BANDS[index]!;
  return index === CARAT_BANDS.length - 1
    ? `${band.from.toFixed(2)}+`
    : `${band.from.toFixed(2)}-${band.to.toFixed(2)}`;
}

/** Each colour below M is this much cheaper than the one before (N is 0.92 × M, O 0.85 × M, …). */
const BELOW_M_STEP = 0.92;

/** The grid price of a white stone; clarity null (not graded) is priced as VS2. */
export function whiteListPrice(shape: string, carats: number, color: string, clarity: string | null): number {
  const grid = shapeGroupOf(shape) === 'round' ? ROUND_GRID : FANCY_SHAPE_GRID;
  const row = grid[caratBandIndex(carats)]!;
  const colorIndex = COLORS.findIndex((c) => c.value === color);
  if (colorIndex < 0) throw new Error(`no list price for colour ${color}`);
  // FL is priced as IF, as on the trade's grid; an ungraded (fancy) stone as VS2.
  const gridClarity = clarity === 'FL' ? 'IF' : (clarity ?? 'VS2');
  const clarityIndex = GRID_CLARITIES.indexOf(gridClarity);
  if (clarityIndex < 0) throw new Error(`no list price for clarity ${clarity}`);
  const lastGridColor = GRID_COLORS.length - 1;
  const price = row[Math.min(colorIndex, lastGridColor)]![clarityIndex]!;
  if (colorIndex <= lastGridColor) return price;
  return roundListPrice(price * BELOW_M_STEP ** (colorIndex - lastGridColor));
}

/** Hue premium over a white G of the same size and clarity. */
const HUE_FACTOR: Record<string, number> = {
  Yellow: 1,
  Pink: 8,
  Blue: 12,
  Red: 20,
  Green: 4,
  Purple: 5,
  Orange: 2.5,
  Black: 0.25,
  Gray: 0.9,
  Violet: 6,
  Brown: 0.35,
  Fancy: 0.8,
  Other: 0.8,
};

const INTENSITY_FACTOR: Record<string, number> = {
  Faint: 0.45,
  'Very Light': 0.5,
  Light: 0.6,
  Fancy: 1,
  'Fancy Light': 0.8,
  'Fancy Dark': 0.7,
  'Fancy Intense': 1.5,
  'Fancy Vivid': 2.4,
  'Fancy Deep': 1.3,
};

/** A secondary colour usually dilutes the main one; brown, grey and black ones most. */
function overtoneFactor(overtone: string | null): number {
  if (overtone == null || overtone === 'None') return 1;
  if (/brown|grey|black/i.test(overtone)) return 0.7;
  return 0.85;
}

/** The portal's price filters end at $999,999 per carat; the rarest colours are listed at the cap. */
export const MAX_LIST_PRICE = 990_000;

export interface GridGrades {
  shape: string;
  carats: number;
  color: string | null;
  clarity: string | null;
  fancyColor?: string | null;
  fancyIntensity?: string | null;
  fancyOvertone?: string | null;
}

/** Loupe's list price per carat for a stone, whole dollars. */
export function listPricePerCarat(grades: GridGrades): number {
  if (grades.color != null) return whiteListPrice(grades.shape, grades.carats, grades.color, grades.clarity);
  if (!grades.fancyColor) throw new Error('a stone needs a white or a fancy colour to be priced');
  const base = whiteListPrice(grades.shape, grades.carats, 'G', grades.clarity);
  const factor =
    (HUE_FACTOR[grades.fancyColor] ?? 1) *
    (INTENSITY_FACTOR[grades.fancyIntensity ?? 'Fancy'] ?? 1) *
    overtoneFactor(grades.fancyOvertone ?? null);
  return Math.min(MAX_LIST_PRICE, roundListPrice(base * factor));
}

/** Like the trade's grids: tens of dollars below $1,000 a carat, hundreds above. */
export function roundListPrice(value: number): number {
  return value < 1000 ? Math.max(10, Math.round(value / 10) * 10) : Math.round(value / 100) * 100;
}
