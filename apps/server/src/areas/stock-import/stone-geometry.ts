import { type SeededRandom, WeightedTable } from './seeded-random.ts';

/**
 * Proportions and measurements of a generated stone that agree with its shape, weight and make:
 * weight = length × width × depth × the shape's factor (the trade's estimation formulas), a
 * round's depth % is crown height + girdle + pavilion depth, crown height follows from the table
 * and crown angle. Figures are rounded as grading reports round them (table to 1 %, depth to
 * 0.1 %, crown angle to 0.5°, pavilion angle to 0.2°, lower half and star length to 5 %).
 */

interface ShapeProfile {
  /** ct per mm³ of length × width × depth. */
  factor: number;
  ratio: readonly [number, number];
  depth: readonly [mean: number, sd: number, min: number, max: number];
  table: readonly [mean: number, sd: number, min: number, max: number];
  /** Share of stones showing a culet; the cornered step cuts have one more often. */
  culet: number;
}

const brilliantFancy = { depth: [61, 2.2, 55, 67], table: [57.5, 2.2, 52, 64], culet: 0.1 } as const;
const PROFILES: Record<string, ShapeProfile> = {
  BR: {
    factor: 0.0061,
    ratio: [1, 1.012],
    depth: [61.8, 0.9, 59, 64],
    table: [57, 1.4, 53, 62],
    culet: 0.12,
  },
  OV: { factor: 0.0062, ratio: [1.3, 1.5], ...brilliantFancy },
  PS: { factor: 0.0059, ratio: [1.45, 1.75], ...brilliantFancy },
  MQ: { factor: 0.0058, ratio: [1.85, 2.15], ...brilliantFancy, depth: [60, 2.2, 55, 66] },
  HS: { factor: 0.0059, ratio: [0.9, 1.1], ...brilliantFancy, depth: [60, 2.2, 55, 66] },
  EM: { factor: 0.008, ratio: [1.3, 1.55], depth: [66, 2.4, 60, 72], table: [64, 2.8, 57, 71], culet: 0.4 },
  AS: { factor: 0.008, ratio: [1, 1.04], depth: [66, 2.2, 60, 71], table: [63, 2.4, 58, 68], culet: 0.4 },
  CU: { factor: 0.0081, ratio: [1, 1.2], depth: [67, 2.8, 60, 74], table: [62, 3.2, 55, 70], culet: 0.35 },
  SCU: { factor: 0.0081, ratio: [1, 1.05], depth: [67, 2.8, 60, 74], table: [62, 3.2, 55, 70], culet: 0.35 },
  PR: { factor: 0.0083, ratio: [1, 1.05], depth: [71, 2.4, 65, 77], table: [69, 2.8, 62, 76], culet: 0.15 },
  RAD: { factor: 0.0081, ratio: [1, 1.35], depth: [67, 2.8, 61, 73], table: [65, 2.8, 58, 72], culet: 0.3 },
  RC: { factor: 0.0081, ratio: [1, 1.35], depth: [67, 2.8, 61, 73], table: [65, 2.8, 58, 72], culet: 0.3 },
  RX: { factor: 0.0081, ratio: [1, 1.05], depth: [67, 2.8, 61, 73], table: [65, 2.8, 58, 72], culet: 0.3 },
  TR: { factor: 0.0057, ratio: [0.95, 1.1], depth: [58, 3, 50, 66], table: [60, 3, 54, 68], culet: 0.1 },
  RMB: { factor: 0.0065, ratio: [1.3, 1.7], depth: [62, 3, 55, 70], table: [60, 3, 54, 68], culet: 0.1 },
  SPL: { factor: 0.007, ratio: [1, 1.6], depth: [64, 3, 56, 72], table: [62, 3, 55, 70], culet: 0.2 },
  'PS-RS': { factor: 0.0059, ratio: [1.4, 1.7], depth: [46, 4, 38, 55], table: [55, 4, 45, 65], culet: 0 },
};

/** Girdle descriptions by rank (1 = Extremely Thin … 9 = Extremely Thick) → typical girdle %. */
const GIRDLE_PERCENT = [0, 1.5, 2, 2.6, 2.9, 3.3, 3.9, 4.6, 5.6, 7];

const THIN_SIDE = new WeightedTable<number>([
  [2, 2],
  [3, 12],
  [4, 38],
  [5, 42],
  [6, 6],
]);
const GIRDLE_SPAN = new WeightedTable<number>([
  [0, 15],
  [1, 45],
  [2, 30],
  [3, 10],
]);
const CULET_SIZES = new WeightedTable<string>([
  ['Pointed', 20],
  ['Very Small', 45],
  ['Small', 25],
  ['Medium', 8],
  ['Large', 2],
]);

export interface Make {
  cut: string | null;
  polish: string;
  symmetry: string;
}

export interface Geometry {
  length: number;
  width: number;
  depth: number;
  ratio: number;
  depthPercentage: number;
  tablePercentage: number;
  crownAngle: number;
  crownHeight: number;
  pavilionAngle: number;
  pavilionHeight: number;
  girdlePercentage: number;
  lowerHalf: number | null;
  starLength: number | null;
  /** Ranks in GIRDLES, thin ≤ thick (a contiguous range). */
  girdleThin: number;
  girdleThick: number;
  /** Culet value of CULETS. */
  culet: string;
}

const to = (value: number, step: number) => Math.round(value / step) * step;
const two = (value: number) => Math.round(value * 100) / 100;
const one = (value: number) => Math.round(value * 10) / 10;
const degrees = Math.PI / 180;

/** How far from the ideal a make lets a round's angles stray: 0 for Excellent up to 3 for Fair. */
function looseness(make: Make): number {
  const step: Record<string, number> = { EX: 0, VG: 1, G: 2, F: 3, P: 4 };
  return step[make.cut ?? make.polish] ?? 1;
}

export function geometryOf(shape: string, carats: number, make: Make, rng: SeededRandom): Geometry {
  const profile = PROFILES[shape] ?? PROFILES.SPL!;
  const round = shape === 'BR';
  const loose = looseness(make);

  // Girdle: thin side first, then how many steps thicker its thickest point is.
  const girdleThin = rng.weighted(THIN_SIDE) + (loose >= 2 && rng.chance(0.3) ? 1 : 0);
  const girdleThick = Math.min(9, girdleThin + rng.weighted(GIRDLE_SPAN) + (loose >= 2 ? 1 : 0));
  const girdlePercentage = one(
    rng.around((GIRDLE_PERCENT[girdleThin]! + GIRDLE_PERCENT[girdleThick]!) / 2, 0.2, 1, 9),
  );

  const [tMean, tSd, tMin, tMax] = profile.table;
  const tableExact = rng.around(
    round ? tMean - (loose === 0 ? 0.5 : 0) : tMean,
    tSd * (1 + 0.3 * loose),
    tMin,
    tMax,
  );
  const crownAngleExact = round
    ? rng.around(34.6 + 0.4 * loose, 0.55 + 0.45 * loose, 31, 38)
    : rng.around(34, 2.2, 28, 40);
  const pavilionAngleExact = round
    ? rng.around(40.8 + 0.15 * loose, 0.15 + 0.2 * loose, 39.6, 42.4)
    : rng.around(41, 1.6, 37, 45);
  const crownHeightExact = ((100 - tableExact) / 2) * Math.tan(crownAngleExact * degrees);

  let depthExact: number;
  let pavilionHeightExact: number;
  if (round) {
    pavilionHeightExact = 50 * Math.tan(pavilionAngleExact * degrees);
    depthExact = crownHeightExact + girdlePercentage + pavilionHeightExact;
  } else {
    const [dMean, dSd, dMin, dMax] = profile.depth;
    depthExact = rng.around(dMean, dSd, dMin, dMax);
    pavilionHeightExact = Math.max(25, depthExact - crownHeightExact - girdlePercentage);
    depthExact = crownHeightExact + girdlePercentage + pavilionHeightExact;
  }

  // Weight → size: width from the shape's factor, ratio and depth %, length and depth from it.
  const ratioExact = rng.between(profile.ratio[0], profile.ratio[1]);
  const width = two(Math.cbrt(carats / (profile.factor * ratioExact * (depthExact / 100))));
  const length = two(Math.max(width, width * ratioExact));
  const depth = two(width * (depthExact / 100));

  return {
    length,
    width,
    depth,
    ratio: two(length / width),
    depthPercentage: one(depthExact),
    tablePercentage: Math.round(tableExact),
    crownAngle: one(to(crownAngleExact, 0.5)),
    crownHeight: one(to(crownHeightExact, 0.5)),
    pavilionAngle: one(to(pavilionAngleExact, 0.2)),
    pavilionHeight: one(to(pavilionHeightExact, 0.5)),
    girdlePercentage,
    lowerHalf: round ? to(rng.around(77.5, 2.5, 70, 85), 5) : null,
    starLength: round ? to(rng.around(50, 3, 40, 60), 5) : null,
    girdleThin,
    girdleThick,
    culet: rng.chance(profile.culet) ? rng.weighted(CULET_SIZES) : 'None',
  };
}
