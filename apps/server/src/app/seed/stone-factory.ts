import { randomInt } from 'node:crypto';
import type { StoneStatus } from '@loupe/contract/stone-vocabulary';
import {
  GRADED_COLUMNS,
  type GradedKey,
  insertStones,
  keyToSymbolBits,
  type NewStoneRow,
  priceOf,
  rankIn,
  statusRank,
} from '../../areas/stones/index.ts';
import type { Executor } from '../../platform/db/client.ts';

/**
 * A stone for tests and demos, described in the API's words (grades as "BR", "VS1", "USA-BD"):
 * a well-made 1.01 ct round G VS1 3EX from GIA in Mumbai unless told otherwise. Prices follow
 * from `rap` and `discount` through priceOf, as the stock import computes them.
 */
export type StoneSpec = {
  lot_id?: string;
  status?: StoneStatus;
  carats?: number;
  certificate_number?: string | null;
  certified_at?: Date;
  /** List price per carat, whole dollars. */
  rap?: number;
  discount?: number;
  key_to_symbols?: string[];
  image_url?: string | null;
  video_url?: string | null;
  certificate_url?: string | null;
  gemtrac?: boolean;
  tracr_id?: string | null;
  in_high_demand?: boolean;
  pair_lot_id?: string | null;
  report_comments?: string | null;
  inscription?: string | null;
  length?: number | null;
  width?: number | null;
  depth?: number | null;
  depth_percentage?: number | null;
  table_percentage?: number | null;
  ratio?: number | null;
  crown_angle?: number | null;
  crown_height?: number | null;
  pavilion_angle?: number | null;
  pavilion_height?: number | null;
  girdle_percentage?: number | null;
  lower_half?: number | null;
  star_length?: number | null;
} & { [K in GradedKey]?: string | null };

const DAY = 86_400_000;

function gradeRank(key: GradedKey, value: string | null | undefined): number | null {
  if (value == null) return null;
  const rank = rankIn(key, value);
  if (rank === null) {
    const known = GRADED_COLUMNS[key].list.map((g) => g.value).join(', ');
    throw new Error(`stone factory: "${value}" is not a ${key} (one of ${known})`);
  }
  return rank;
}

/**
 * The factory's stock numbers, in the house format with 8 digits (e.g. "LD48219370"; the generated
 * stock's have 7): one after another from a random start, so a process never repeats one. Drawn
 * at random each time, two of a test file's few thousand stones now and then had the same.
 */
let nextLotNumber = randomInt(10_000_000, 90_000_000);

export function newLotId(): string {
  return `LD${nextLotNumber++}`;
}

export function buildStone(spec: StoneSpec = {}): NewStoneRow {
  const carats = spec.carats ?? 1.01;
  const grades: Record<GradedKey, string | null> = {
    shape: 'BR',
    color: 'G',
    fancy_color: null,
    fancy_intensity: null,
    fancy_overtone: null,
    clarity: 'VS1',
    cut: 'EX',
    polish: 'EX',
    symmetry: 'EX',
    fluorescence: 'NON',
    lab: 'GIA',
    location: 'IND',
    origin_country: 'Botswana',
    shade: 'None',
    culet: 'None',
    girdle_thin: 'THN',
    girdle_thick: 'MED',
    table_black: 'B0',
    side_black: 'SB0',
    crown_open: 'N',
    table_open: 'N',
    pavilion_open: 'N',
    milky: 'M0',
    luster: 'EX',
    eye_clean: 'Y',
    table_inclusion: 'T0',
    side_inclusion: 'S1',
    natural_crown: 'N',
    natural_girdle: 'N',
    natural_pavilion: 'N',
    surface_graining: 'G0',
    internal_graining: 'IG0',
  };
  for (const key of Object.keys(grades) as GradedKey[]) {
    if (key in spec) grades[key] = spec[key] ?? null;
  }
  const rank = (key: GradedKey) => gradeRank(key, grades[key]);
  const lotId = spec.lot_id ?? newLotId();
  const price = priceOf(spec.rap ?? 9_800, spec.discount ?? -28.5, carats);
  const certificateNumber =
    spec.certificate_number === undefined
      ? String(randomInt(1_000_000_000, 9_999_999_999))
      : spec.certificate_number;
  // A round of this weight measures about 6.4 mm across; others keep the same volume roughly.
  const diameter = Math.round(6.45 * Math.cbrt(carats) * 100) / 100;
  const value = <T>(key: keyof StoneSpec, fallback: T) => (key in spec ? (spec[key] as T) : fallback);

  return {
    lotId,
    status: statusRank(spec.status ?? 'Available'),
    shape: rank('shape')!,
    carats,
    color: rank('color'),
    fancyColor: rank('fancy_color'),
    fancyIntensity: rank('fancy_intensity'),
    fancyOvertone: rank('fancy_overtone'),
    clarity: rank('clarity'),
    cut: rank('cut'),
    polish: rank('polish'),
    symmetry: rank('symmetry'),
    fluorescence: rank('fluorescence'),
    lab: rank('lab')!,
    certificateNumber,
    certifiedAt: spec.certified_at ?? new Date(Date.now() - 30 * DAY),
    length: value('length', diameter),
    width: value('width', Math.round(diameter * 1.004 * 100) / 100),
    depth: value('depth', Math.round(diameter * 0.618 * 100) / 100),
    depthPercentage: value('depth_percentage', 61.8),
    tablePercentage: value('table_percentage', 57),
    ratio: value('ratio', 1),
    crownAngle: value('crown_angle', 34.5),
    crownHeight: value('crown_height', 15),
    pavilionAngle: value('pavilion_angle', 40.8),
    pavilionHeight: value('pavilion_height', 43),
    girdlePercentage: value('girdle_percentage', 3.5),
    lowerHalf: value('lower_half', 77),
    starLength: value('star_length', 50),
    girdleThin: rank('girdle_thin'),
    girdleThick: rank('girdle_thick'),
    culet: rank('culet'),
    shade: rank('shade'),
    milky: rank('milky'),
    luster: rank('luster'),
    eyeClean: rank('eye_clean'),
    tableBlack: rank('table_black'),
    sideBlack: rank('side_black'),
    tableOpen: rank('table_open'),
    crownOpen: rank('crown_open'),
    pavilionOpen: rank('pavilion_open'),
    tableInclusion: rank('table_inclusion'),
    sideInclusion: rank('side_inclusion'),
    naturalCrown: rank('natural_crown'),
    naturalGirdle: rank('natural_girdle'),
    naturalPavilion: rank('natural_pavilion'),
    surfaceGraining: rank('surface_graining'),
    internalGraining: rank('internal_graining'),
    keyToSymbols: keyToSymbolBits(spec.key_to_symbols ?? ['Crystal', 'Needle']),
    reportComments: value('report_comments', 'Clouds are not shown.'),
    inscription: value('inscription', certificateNumber ? `GIA ${certificateNumber}` : null),
    originCountry: rank('origin_country'),
    location: rank('location')!,
    rapPerCarat: price.rapPerCarat,
    discount: price.discount,
    pricePerCarat: price.pricePerCarat,
    amount: price.amount,
    rapValue: price.rapValue,
    imageUrl: value('image_url', `https://media.loupe.test/stones/${lotId}/still.jpg`),
    videoUrl: value('video_url', `https://media.loupe.test/stones/${lotId}/360.mp4`),
    certificateUrl: value('certificate_url', `https://media.loupe.test/certificates/${lotId}.pdf`),
    gemtrac: spec.gemtrac ?? false,
    tracrId: value('tracr_id', null),
    inHighDemand: spec.in_high_demand ?? false,
    pairLotId: value('pair_lot_id', null),
    source: 'generated',
  };
}

export async function createStone(db: Executor, spec: StoneSpec = {}) {
  const [row] = await insertStones(db, [buildStone(spec)]);
  return row!;
}

export async function createStones(db: Executor, specs: StoneSpec[]) {
  return insertStones(db, specs.map(buildStone));
}
