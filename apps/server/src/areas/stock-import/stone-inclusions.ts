import { type SeededRandom, WeightedTable, type Weights } from './seeded-random.ts';

/**
 * Inclusion grades, key to symbols and report comments of a generated stone that agree with its
 * clarity: a flawless stone shows nothing, a VVS stone pinpoints and needles, an SI stone
 * crystals and feathers a buyer may see from the side, an I stone open and black inclusions.
 */

/** How included a clarity is: 0 for FL up to 11 for I3 (the order of CLARITIES). */
const SEVERITY: Record<string, number> = {
  FL: 0,
  IF: 1,
  VVS1: 2,
  VVS2: 3,
  VS1: 4,
  VS2: 5,
  SI1: 6,
  SI2: 7,
  SI3: 8,
  I1: 9,
  I2: 10,
  I3: 11,
};

/** Expected level on a 0–3 inclusion scale for each severity. */
const WHITE_LEVEL = [-2, -1.5, -1, -0.6, 0.1, 0.5, 1, 1.6, 2, 2.4, 2.8, 3.2];

const SYMBOLS_BY_CLARITY: { upTo: number; count: [number, number]; symbols: WeightedTable<string> }[] = [
  {
    upTo: 1,
    count: [1, 1],
    symbols: table([
      ['Extra Facet', 35],
      ['Natural', 30],
      ['Surface Graining', 20],
      ['Minor Details of Polish', 15],
    ]),
  },
  {
    upTo: 3,
    count: [1, 2],
    symbols: table([
      ['Pinpoint', 40],
      ['Needle', 15],
      ['Cloud', 15],
      ['Feather', 15],
      ['Internal Graining', 8],
      ['Twinning Wisp', 4],
      ['Crystal', 5],
    ]),
  },
  {
    upTo: 5,
    count: [2, 3],
    symbols: table([
      ['Crystal', 25],
      ['Feather', 25],
      ['Cloud', 15],
      ['Needle', 10],
      ['Pinpoint', 14],
      ['Twinning Wisp', 5],
      ['Internal Graining', 4],
      ['Indented Natural', 3],
      ['Knot', 2],
    ]),
  },
  {
    upTo: 8,
    count: [3, 4],
    symbols: table([
      ['Crystal', 25],
      ['Feather', 25],
      ['Cloud', 15],
      ['Needle', 8],
      ['Indented Natural', 5],
      ['Knot', 4],
      ['Cavity', 4],
      ['Chip', 3],
      ['Twinning Wisp', 4],
      ['Bruise', 2],
      ['Etch Channel', 1],
      ['Laser Drill Hole', 1],
      ['Internal Laser Drilling', 1],
      ['Bearding', 2],
    ]),
  },
  {
    upTo: 11,
    count: [3, 5],
    symbols: table([
      ['Crystal', 20],
      ['Feather', 25],
      ['Cloud', 15],
      ['Cavity', 8],
      ['Chip', 5],
      ['Cleavage', 5],
      ['Knot', 5],
      ['Indented Natural', 5],
      ['Bruise', 4],
      ['Etch Channel', 3],
      ['Laser Drill Hole', 3],
      ['Internal Laser Drilling', 2],
      ['Bearding', 3],
    ]),
  },
];

const COMMENTS_BY_CLARITY: { upTo: number; comments: readonly string[] }[] = [
  { upTo: 1, comments: ['Minor details of polish are not shown.', 'Surface graining is not shown.'] },
  {
    upTo: 3,
    comments: [
      'Pinpoints are not shown.',
      'Surface graining is not shown.',
      'Internal graining is not shown.',
    ],
  },
  {
    upTo: 5,
    comments: [
      'Clouds are not shown.',
      'Additional pinpoints are not shown.',
      'Twinning wisps are not shown.',
    ],
  },
  {
    upTo: 11,
    comments: [
      'Additional clouds are not shown.',
      'Clouds are not shown.',
      'Additional twinning wisps are not shown.',
      'Internal graining is not shown.',
    ],
  },
];

function table(weights: Weights<string>) {
  return new WeightedTable(weights);
}

export interface Inclusions {
  tableBlack: string;
  sideBlack: string;
  tableOpen: string;
  crownOpen: string;
  pavilionOpen: string;
  tableInclusion: string;
  sideInclusion: string;
  naturalCrown: string;
  naturalGirdle: string;
  naturalPavilion: string;
  surfaceGraining: string;
  internalGraining: string;
  milky: string;
  luster: string;
  eyeClean: string;
  keyToSymbols: string[];
  reportComments: string | null;
}

const OPEN_NATURAL = ['N', 'VS', 'S', 'M', 'L'] as const;

export function inclusionsOf(
  clarity: string | null,
  strongFluorescence: boolean,
  rng: SeededRandom,
): Inclusions {
  const severity = SEVERITY[clarity ?? 'VS2'] ?? 5;
  const white = WHITE_LEVEL[severity]!;
  /** A 0–`top` grade around a mean level. */
  const level = (mean: number, top: number) => Math.max(0, Math.min(top, Math.round(rng.around(mean, 0.6))));

  const black = white - 0.5;
  const blackGrades = ['B0', 'BPP', 'B1', 'B2', 'B3'] as const;
  const sideBlackGrades = ['SB0', 'SBPP', 'SB1', 'SB2', 'SB3'] as const;
  // Open inclusions reach the surface: only where the clarity allows visible ones.
  const open = () => OPEN_NATURAL[severity < 6 ? 0 : level(white - 1.8, severity >= 9 ? 3 : 2)]!;
  const milkyLevel = level(-1.6 + (strongFluorescence ? 0.9 : 0) + (severity >= 7 ? 0.5 : 0), 3);
  const lusterByMilky = [0, 1, 2, 2.6][milkyLevel]!;

  const symbolsFor = SYMBOLS_BY_CLARITY.find((s) => severity <= s.upTo)!;
  const keyToSymbols = new Set<string>();
  if (severity === 0 || (severity === 1 && rng.chance(0.5))) keyToSymbols.add('No Inclusion');
  else {
    const count = rng.integer(symbolsFor.count[0], symbolsFor.count[1]);
    for (let i = 0; i < 30 && keyToSymbols.size < count; i++)
      keyToSymbols.add(rng.weighted(symbolsFor.symbols));
  }
  const comments = COMMENTS_BY_CLARITY.find((c) => severity <= c.upTo)!.comments;

  return {
    tableBlack: blackGrades[level(black, 4)]!,
    sideBlack: sideBlackGrades[level(black + 0.2, 4)]!,
    tableOpen: open(),
    crownOpen: open(),
    pavilionOpen: open(),
    tableInclusion: `T${level(white, 3)}`,
    sideInclusion: `S${level(white + 0.3, 3)}`,
    naturalCrown: OPEN_NATURAL[rng.chance(0.03) ? 1 : 0]!,
    naturalGirdle: OPEN_NATURAL[rng.chance(0.12) ? rng.integer(1, 2) : 0]!,
    naturalPavilion: OPEN_NATURAL[rng.chance(0.03) ? 1 : 0]!,
    surfaceGraining: `G${level(-1.8, 3)}`,
    internalGraining: `IG${level(-1.3 + severity * 0.05, 3)}`,
    milky: `M${milkyLevel}`,
    luster: ['EX', 'VG', 'G', 'P'][Math.max(0, Math.min(3, Math.round(rng.around(lusterByMilky, 0.45))))]!,
    eyeClean: eyeCleanOf(severity, rng),
    keyToSymbols: [...keyToSymbols],
    reportComments: rng.chance(0.15) ? rng.pick(comments) : null,
  };
}

function eyeCleanOf(severity: number, rng: SeededRandom): string {
  if (severity <= 5) return 'Y';
  const u = rng.next();
  if (severity === 6) return u < 0.8 ? 'Y' : u < 0.95 ? 'B' : 'N';
  if (severity === 7) return u < 0.45 ? 'Y' : u < 0.75 ? 'B' : 'N';
  if (severity === 8) return u < 0.15 ? 'Y' : u < 0.45 ? 'B' : 'N';
  return u < 0.9 ? 'N' : 'B';
}
