import { CLARITIES, COLORS } from '@loupe/contract/stone-vocabulary';

/**
 * How far below (or above) its list price a stone trades, in percent (negative = below list).
 *
 * List prices are asking prices for the whole market; real stones trade at a discount that
 * depends on how commercial the grades are: the middle of the market (G–H, VS–SI1, good make)
 * sells closest to list, the very finest and the lowest grades furthest below it. The price grid
 * was calibrated against real prices with `typicalDiscount` (see calibrate-price-grid.ts), and
 * the generator draws discounts around the same figures, so generated prices look like real ones.
 */

/** Colour D…Z → its part of the typical discount. Beyond M every step lowers it further. */
const COLOR_TERM: Record<string, number> = {
  D: -30,
  E: -28,
  F: -26,
  G: -22,
  H: -20,
  I: -22,
  J: -25,
  K: -29,
  L: -33,
  M: -36,
};

const CLARITY_TERM: Record<string, number> = {
  FL: -5,
  IF: -5,
  VVS1: -4,
  VVS2: -3,
  VS1: -1,
  VS2: 0,
  SI1: 1,
  SI2: -2,
  SI3: -5,
  I1: -8,
  I2: -11,
  I3: -14,
};

/** Smaller stones are sold in parcels at deeper discounts; large ones hold closer to list. */
function sizeTerm(carats: number): number {
  if (carats < 0.3) return -5;
  if (carats < 0.5) return -3;
  if (carats < 0.9) return -1;
  if (carats < 1.5) return 0;
  if (carats < 3) return 2;
  return 4;
}

/** Fancy colours are priced on their own premium scheme and trade nearer to it. */
const FANCY_TERM = -10;

export interface DiscountGrades {
  color: string | null;
  clarity: string | null;
  carats: number;
  /** A fancy colour (colour is then null). */
  fancy?: boolean;
}

/** The discount a GIA-graded, well made (3EX), non-fluorescent stone of these grades usually gets. */
export function typicalDiscount(grades: DiscountGrades): number {
  let colorTerm = FANCY_TERM;
  if (!grades.fancy) {
    const color = grades.color ?? 'M';
    const beyondM = COLORS.findIndex((c) => c.value === color) - COLORS.findIndex((c) => c.value === 'M');
    colorTerm = beyondM > 0 ? COLOR_TERM.M! - 2 * beyondM : (COLOR_TERM[color] ?? COLOR_TERM.M!);
  }
  const clarityTerm = grades.clarity ? (CLARITY_TERM[grades.clarity] ?? 0) : 0;
  return colorTerm + clarityTerm + sizeTerm(grades.carats);
}

/** Make: each step below Excellent costs; cut weighs most on rounds. */
const FINISH_TERM: Record<string, number> = { EX: 0, VG: -4, G: -9, F: -15, P: -22 };

export function makeAdjustment(cut: string | null, polish: string | null, symmetry: string | null): number {
  const term = (grade: string | null) => (grade ? (FINISH_TERM[grade] ?? 0) : 0);
  if (cut == null) return 0.5 * term(polish) + 0.5 * term(symmetry);
  return 0.6 * term(cut) + 0.2 * term(polish) + 0.2 * term(symmetry);
}

/** Strong blue fluorescence costs on fine colours and helps a little on tinted ones. */
export function fluorescenceAdjustment(fluorescence: string | null, color: string | null): number {
  const tinted = color != null && COLORS.findIndex((c) => c.value === color) >= 7;
  const cost: Record<string, number> = { NON: 0, VSL: 0, FNT: 0, SLT: -1, MED: -4, STG: -8, VSTG: -12 };
  const value = cost[fluorescence ?? 'NON'] ?? 0;
  return tinted ? Math.min(2, value / 3 + 1) : value;
}

/** Buyers pay most for a GIA report; in-house grading is trusted least. */
export const LAB_ADJUSTMENT: Record<string, number> = {
  GIA: 0,
  'GIA DOR': 0,
  HRD: -3,
  IGI: -6,
  DBIOD: -5,
  FM: -8,
  NGTC: -8,
  'LOUPE GRADING': -10,
  LOUPE: -10,
};

/** Brown, green, grey and black shades and milkiness cost. */
export function shadeAdjustment(shade: string | null, milky: string | null): number {
  const shadeCost: Record<string, number> = {
    Brown: -10,
    Green: -10,
    Grey: -7,
    Black: -12,
    Mixed: -4,
    'Faint Brown': -5,
    'Light Brown': -6,
    'Very Light Brown': -4,
    'Faint Green': -5,
  };
  const milkyCost: Record<string, number> = { M0: 0, M1: -3, M2: -8, M3: -12 };
  return (shade ? (shadeCost[shade] ?? 0) : 0) + (milky ? (milkyCost[milky] ?? 0) : 0);
}

/** The discounts a stone can have in generated stock: from −60 % to +10 %. */
export const DISCOUNT_RANGE = { min: -60, max: 10 } as const;

export function clampDiscount(value: number): number {
  return Math.min(DISCOUNT_RANGE.max, Math.max(DISCOUNT_RANGE.min, value));
}

export function clarityIndex(clarity: string): number {
  return CLARITIES.findIndex((c) => c.value === clarity);
}
