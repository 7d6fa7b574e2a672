import { stoneMediaPath } from '@loupe/contract/stone-detail';
import {
  CLARITIES,
  COLORS,
  FINISH_GRADES,
  type Grade,
  type StoneStatus,
} from '@loupe/contract/stone-vocabulary';
import {
  clampDiscount,
  fluorescenceAdjustment,
  LAB_ADJUSTMENT,
  listPricePerCarat,
  makeAdjustment,
  shadeAdjustment,
  typicalDiscount,
} from '../pricing/index.ts';
import {
  GRADED_COLUMNS,
  type GradedKey,
  keyToSymbolBits,
  type NewStoneRow,
  priceOf,
  round2,
  statusRank,
} from '../stones/index.ts';
import { hashSeed, normalCdf, SeededRandom, type WeightedTable } from './seeded-random.ts';
import {
  CLARITY_MIX,
  COLOR_MIX,
  FANCY_COLOR_MIX,
  FANCY_FINISH_MIX,
  FANCY_INTENSITY_MIX,
  FANCY_OVERTONE_MIX,
  FANCY_SHAPE_MIX,
  FLUORESCENCE_MIX,
  LAB_MIX,
  LOCATION_MIX,
  ORIGIN_MIX,
  OTHER_SHAPE_DEMAND,
  ROUND_CUT_MIX,
  SHADE_MIX_BY_COLOR,
  SHAPE_DEMAND,
  SHAPE_MIX,
  STATUS_MIX,
} from './stock-mix.ts';
import { geometryOf } from './stone-geometry.ts';
import { inclusionsOf } from './stone-inclusions.ts';

/**
 * Generated stock that looks like a real supplier's (pins: "Demo data"). Stone i of a seed is a
 * pure function of (seed, i, now): the same seed and count give the same stones, any range of
 * indices can be generated on its own (so a million stones are made and inserted in chunks), and
 * continuing at a later index adds new stones with new lot ids.
 *
 * Stones 2k and 2k+1 form a matching pair in about 6 % of the stock: both are drawn from the
 * pair's own stream, so they share shape, grades and size, and differ a little in weight,
 * measurements and inclusions, like two stones cut from one rough for a pair of earrings.
 */

export interface GenerateOptions {
  seed: string | number;
  /** New arrivals and report dates are relative to this. */
  now: Date;
  /** Index of the first stone; generating on from the last index adds new stones. */
  firstIndex?: number;
}

/** The highest number of stones one seed can give (lot ids are 7 digits). */
export const MAX_GENERATED_STONES = 9_000_000;

const PAIR_SHARE = 0.06;
const NEW_ARRIVAL_SHARE = 0.005;
const DAY = 86_400_000;

/** Trade-like stock numbers, unique per index: "LD" and 7 digits, scattered so neighbours differ. */
export function lotIdAt(index: number): string {
  if (index < 0 || index >= MAX_GENERATED_STONES) throw new Error(`no lot id for stone ${index}`);
  return `LD${1_000_000 + ((index * 7_368_787 + 1_234_567) % 9_000_000)}`;
}

/** A report number in the lab's usual format; unique per index within a lab. */
function certificateNumberOf(lab: string, index: number, rng: SeededRandom): string {
  if (lab === 'GIA' || lab === 'GIA DOR') {
    return String(rng.pick([1, 2, 5, 6, 7]) * 1e9 + ((index * 387_420_489 + 77_777) % 1e9));
  }
  if (lab === 'IGI') return String(5e8 + ((index * 43_046_721 + 4_321) % 1e8));
  if (lab === 'HRD') return String(21e9 + ((index * 387_420_489 + 99_991) % 1e9));
  return String(1e7 + ((index * 40_353_607 + 12_345) % 9e7));
}

/** 1-based ranks by value, looked up once per column instead of searching the list per stone. */
const rankMaps = new Map<GradedKey, Map<string, number>>();
function rank(key: GradedKey, value: string | null): number | null {
  if (value == null) return null;
  let map = rankMaps.get(key);
  if (!map) {
    map = new Map((GRADED_COLUMNS[key].list as readonly Grade[]).map((g, i) => [g.value, i + 1]));
    rankMaps.set(key, map);
  }
  const found = map.get(value);
  if (found === undefined) throw new Error(`${value} is not a ${key} grade`);
  return found;
}

const finishIndex = (grade: string) => FINISH_GRADES.findIndex((g) => g.value === grade);
const FINISH = ['EX', 'VG', 'G', 'F'] as const;

/** Polish and symmetry stay close to the cut: Excellent cuts are nearly always polished Excellent. */
function nearGrade(grade: string, keepIfExcellent: number, rng: SeededRandom): string {
  const index = finishIndex(grade);
  const u = rng.next();
  const shift = index === 0 ? (u < keepIfExcellent ? 0 : 1) : u < 0.25 ? -1 : u < 0.85 ? 0 : 1;
  return FINISH[Math.max(0, Math.min(FINISH.length - 1, index + shift))]!;
}

/** Weight in carats: mostly 0.30–1.20, a long tail of big stones, and the trade's "magic sizes". */
function caratsOf(rng: SeededRandom, forPair: boolean): number {
  let carats: number;
  if (forPair) carats = Math.exp(Math.log(0.55) + 0.45 * rng.normal());
  else if (rng.chance(0.012)) carats = Math.exp(Math.log(3) + 0.5 * rng.normal());
  else carats = Math.exp(Math.log(0.68) + 0.58 * rng.normal());
  carats = Math.min(forPair ? 3 : 30, Math.max(0.18, carats));
  // Cutters keep weight above the sizes buyers search by: many more 1.01 than 0.98 ct stones.
  const u = rng.next();
  for (const size of [0.3, 0.4, 0.5, 0.7, 0.9, 1, 1.5, 2, 3, 4, 5]) {
    if (carats >= size * 0.9 && carats < size && u < 0.55) {
      carats = size + (u / 0.55) * 0.04 * size;
      break;
    }
  }
  return Math.round(carats * 100) / 100;
}

/** The attributes two stones of a pair share. */
interface Base {
  shape: string;
  carats: number;
  color: string | null;
  fancyColor: string | null;
  fancyIntensity: string | null;
  fancyOvertone: string | null;
  clarity: string;
  cut: string | null;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  location: string;
  shade: string | null;
  origin: string | null;
  status: StoneStatus;
  inHighDemand: boolean;
}

function drawBase(rng: SeededRandom, forPair: boolean): Base {
  const fancy = !forPair && rng.chance(0.03);
  const shape = rng.weighted(fancy ? FANCY_SHAPE_MIX : SHAPE_MIX);
  // Colour and clarity are drawn together: finer colours come with finer clarities more often.
  const quality = rng.normal();
  const colorLatent = 0.45 * quality + Math.sqrt(1 - 0.45 ** 2) * rng.normal();
  const clarity = CLARITY_MIX.at(normalCdf(quality));
  const color = fancy ? null : COLOR_MIX.at(normalCdf(colorLatent));
  const fancyColor = fancy ? rng.weighted(FANCY_COLOR_MIX) : null;
  const makeLatent = normalCdf(0.3 * quality + Math.sqrt(1 - 0.3 ** 2) * rng.normal());
  const cut = shape === 'BR' ? ROUND_CUT_MIX.at(makeLatent) : null;
  const polish = cut ? nearGrade(cut, 0.92, rng) : FANCY_FINISH_MIX.at(makeLatent);
  const symmetry = nearGrade(cut ?? polish, 0.88, rng);
  const origin = rng.weighted(ORIGIN_MIX);
  return {
    shape,
    carats: caratsOf(rng, forPair),
    color,
    fancyColor,
    fancyIntensity: fancyColor === 'Black' ? 'Fancy' : fancyColor ? rng.weighted(FANCY_INTENSITY_MIX) : null,
    fancyOvertone: fancyColor ? (FANCY_OVERTONE_MIX[fancyColor]?.at(rng.next()) ?? 'None') : null,
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence: rng.weighted(FLUORESCENCE_MIX),
    lab: rng.weighted(LAB_MIX),
    location: rng.weighted(LOCATION_MIX),
    shade: color ? rng.weighted(shadeMixOf(color)) : null,
    origin: origin === '' ? null : origin,
    status: rng.weighted(STATUS_MIX) as StoneStatus,
    inHighDemand: rng.chance(0.02),
  };
}

function shadeMixOf(color: string): WeightedTable<string> {
  const index = COLORS.findIndex((c) => c.value === color);
  return SHADE_MIX_BY_COLOR.find((s) => index <= COLORS.findIndex((c) => c.value === s.upTo))!.mix;
}

/** One stone of a pair: the pair's grades, its own weight within 2 % and now and then a grade apart. */
function varyForPair(base: Base, rng: SeededRandom): Base {
  const step = (list: readonly Grade[], value: string | null, probability: number) => {
    if (value == null || !rng.chance(probability)) return value;
    const index = list.findIndex((g) => g.value === value);
    return list[Math.max(0, Math.min(list.length - 1, index + (rng.chance(0.5) ? 1 : -1)))]!.value;
  };
  return {
    ...base,
    carats: Math.max(0.18, Math.round(base.carats * (1 + rng.between(-0.02, 0.02)) * 100) / 100),
    color: step(COLORS, base.color, 0.1),
    clarity: step(CLARITIES.slice(2, 9), base.clarity, 0.15) ?? base.clarity,
  };
}

function stoneOf(
  base: Base,
  index: number,
  rng: SeededRandom,
  now: Date,
  pairLotId: string | null,
): NewStoneRow {
  const lotId = lotIdAt(index);
  const geometry = geometryOf(base.shape, base.carats, base, rng);
  const strongFluorescence = ['MED', 'STG', 'VSTG'].includes(base.fluorescence);
  const inclusions = inclusionsOf(base.clarity, strongFluorescence, rng);
  const certificateNumber = certificateNumberOf(base.lab, index, rng);

  const discount = round2(
    clampDiscount(
      typicalDiscount({
        color: base.color,
        clarity: base.clarity,
        carats: base.carats,
        fancy: base.color == null,
      }) +
        makeAdjustment(base.cut, base.polish, base.symmetry) +
        fluorescenceAdjustment(base.fluorescence, base.color) +
        (LAB_ADJUSTMENT[base.lab] ?? 0) +
        shadeAdjustment(base.shade, inclusions.milky) +
        (SHAPE_DEMAND[base.shape] ?? OTHER_SHAPE_DEMAND) +
        (base.inHighDemand ? 12 : 0) +
        rng.around(0, 5),
    ),
  );
  const price = priceOf(listPricePerCarat(base), discount, base.carats);

  const age = rng.chance(NEW_ARRIVAL_SHARE) ? rng.between(0.01, 0.98) * DAY : rng.between(1, 730) * DAY;
  const certifiedAt = new Date(Math.floor((now.getTime() - age) / 1000) * 1000);
  const inscribed = rng.chance(0.2);

  return {
    lotId,
    status: statusRank(base.status),
    shape: rank('shape', base.shape)!,
    carats: base.carats,
    color: rank('color', base.color),
    fancyColor: rank('fancy_color', base.fancyColor),
    fancyIntensity: rank('fancy_intensity', base.fancyIntensity),
    fancyOvertone: rank('fancy_overtone', base.fancyOvertone),
    clarity: rank('clarity', base.clarity),
    cut: rank('cut', base.cut),
    polish: rank('polish', base.polish),
    symmetry: rank('symmetry', base.symmetry),
    fluorescence: rank('fluorescence', base.fluorescence),
    lab: rank('lab', base.lab)!,
    certificateNumber,
    certifiedAt,
    length: geometry.length,
    width: geometry.width,
    depth: geometry.depth,
    depthPercentage: geometry.depthPercentage,
    tablePercentage: geometry.tablePercentage,
    ratio: geometry.ratio,
    crownAngle: geometry.crownAngle,
    crownHeight: geometry.crownHeight,
    pavilionAngle: geometry.pavilionAngle,
    pavilionHeight: geometry.pavilionHeight,
    girdlePercentage: geometry.girdlePercentage,
    lowerHalf: geometry.lowerHalf,
    starLength: geometry.starLength,
    girdleThin: geometry.girdleThin,
    girdleThick: geometry.girdleThick,
    culet: rank('culet', geometry.culet),
    shade: rank('shade', base.shade),
    milky: rank('milky', inclusions.milky),
    luster: rank('luster', inclusions.luster),
    eyeClean: rank('eye_clean', inclusions.eyeClean),
    tableBlack: rank('table_black', inclusions.tableBlack),
    sideBlack: rank('side_black', inclusions.sideBlack),
    tableOpen: rank('table_open', inclusions.tableOpen),
    crownOpen: rank('crown_open', inclusions.crownOpen),
    pavilionOpen: rank('pavilion_open', inclusions.pavilionOpen),
    tableInclusion: rank('table_inclusion', inclusions.tableInclusion),
    sideInclusion: rank('side_inclusion', inclusions.sideInclusion),
    naturalCrown: rank('natural_crown', inclusions.naturalCrown),
    naturalGirdle: rank('natural_girdle', inclusions.naturalGirdle),
    naturalPavilion: rank('natural_pavilion', inclusions.naturalPavilion),
    surfaceGraining: rank('surface_graining', inclusions.surfaceGraining),
    internalGraining: rank('internal_graining', inclusions.internalGraining),
    keyToSymbols: keyToSymbolBits(inclusions.keyToSymbols),
    reportComments: inclusions.reportComments,
    inscription: inscribed
      ? ['GIA', 'IGI', 'HRD'].includes(base.lab)
        ? `${base.lab} ${certificateNumber}`
        : `LOUPE ${lotId}`
      : null,
    originCountry: rank('origin_country', base.origin),
    location: rank('location', base.location)!,
    ...price,
    imageUrl: stoneMediaPath.image(lotId),
    videoUrl: null,
    certificateUrl: stoneMediaPath.certificate(lotId),
    gemtrac: rng.chance(0.3),
    tracrId: rng.chance(0.1) ? tracrIdOf(rng) : null,
    inHighDemand: base.inHighDemand,
    pairLotId,
    source: 'generated',
  };
}

function tracrIdOf(rng: SeededRandom): string {
  let id = '';
  for (let i = 0; i < 3; i++)
    id += Math.floor(rng.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return id;
}

/** Stream numbers of pair blocks sit far above the stones' own. */
const PAIR_STREAM = 0x4000_0000;

/** Stone `index` of a seed, with its partner's lot id when it is half of a pair inside [first, end). */
export function generateStone(
  seedHash: number,
  index: number,
  now: Date,
  range: { first: number; end: number },
) {
  const block = Math.floor(index / 2);
  const blockRng = new SeededRandom(seedHash, PAIR_STREAM + block);
  const partner = index ^ 1;
  const own = new SeededRandom(seedHash, index);
  if (blockRng.chance(PAIR_SHARE) && partner >= range.first && partner < range.end) {
    const base = drawBase(blockRng, true);
    return stoneOf(varyForPair(base, own), index, own, now, lotIdAt(partner));
  }
  return stoneOf(drawBase(own, false), index, own, now, null);
}

/** `count` stones of a seed from `firstIndex` on, one at a time (memory stays flat for any count). */
export function* generateStones(count: number, options: GenerateOptions): Generator<NewStoneRow> {
  const first = options.firstIndex ?? 0;
  const end = first + count;
  if (end > MAX_GENERATED_STONES) throw new Error(`at most ${MAX_GENERATED_STONES} stones per seed`);
  const seedHash = hashSeed(options.seed);
  for (let index = first; index < end; index++)
    yield generateStone(seedHash, index, options.now, { first, end });
}
