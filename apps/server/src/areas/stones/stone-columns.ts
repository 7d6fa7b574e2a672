import {
  CLARITIES,
  COLORS,
  CULETS,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  FANCY_OVERTONES,
  FINISH_GRADES,
  FLUORESCENCES,
  GIRDLES,
  type Grade,
  INCLUSIONS,
  type InclusionKey,
  KEY_TO_SYMBOLS,
  LABS,
  LOCATIONS,
  ORIGINS,
  SHADES,
  SHAPES,
  STONE_STATUSES,
  type StoneStatus,
} from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { stones } from '../../platform/db/schema/index.ts';

/**
 * How a stone row (graded attributes stored as ranks, see platform/db/schema/stones.ts) becomes the API's
 * Stone and back. Everything that converts ranks goes through here.
 */

export type StoneRow = typeof stones.$inferSelect;
export type NewStoneRow = typeof stones.$inferInsert;

/** The graded columns: API key → its vocabulary and its column. */
export const GRADED_COLUMNS = {
  shape: { list: SHAPES, column: stones.shape },
  color: { list: COLORS, column: stones.color },
  fancy_color: { list: FANCY_COLORS, column: stones.fancyColor },
  fancy_intensity: { list: FANCY_INTENSITIES, column: stones.fancyIntensity },
  fancy_overtone: { list: FANCY_OVERTONES, column: stones.fancyOvertone },
  clarity: { list: CLARITIES, column: stones.clarity },
  cut: { list: FINISH_GRADES, column: stones.cut },
  polish: { list: FINISH_GRADES, column: stones.polish },
  symmetry: { list: FINISH_GRADES, column: stones.symmetry },
  fluorescence: { list: FLUORESCENCES, column: stones.fluorescence },
  lab: { list: LABS, column: stones.lab },
  location: { list: LOCATIONS, column: stones.location },
  origin_country: { list: ORIGINS, column: stones.originCountry },
  shade: { list: SHADES, column: stones.shade },
  culet: { list: CULETS, column: stones.culet },
  girdle_thin: { list: GIRDLES, column: stones.girdleThin },
  girdle_thick: { list: GIRDLES, column: stones.girdleThick },
  table_black: { list: INCLUSIONS.table_black.grades, column: stones.tableBlack },
  side_black: { list: INCLUSIONS.side_black.grades, column: stones.sideBlack },
  crown_open: { list: INCLUSIONS.crown_open.grades, column: stones.crownOpen },
  table_open: { list: INCLUSIONS.table_open.grades, column: stones.tableOpen },
  pavilion_open: { list: INCLUSIONS.pavilion_open.grades, column: stones.pavilionOpen },
  milky: { list: INCLUSIONS.milky.grades, column: stones.milky },
  luster: { list: INCLUSIONS.luster.grades, column: stones.luster },
  eye_clean: { list: INCLUSIONS.eye_clean.grades, column: stones.eyeClean },
  table_inclusion: { list: INCLUSIONS.table_inclusion.grades, column: stones.tableInclusion },
  side_inclusion: { list: INCLUSIONS.side_inclusion.grades, column: stones.sideInclusion },
  natural_crown: { list: INCLUSIONS.natural_crown.grades, column: stones.naturalCrown },
  natural_girdle: { list: INCLUSIONS.natural_girdle.grades, column: stones.naturalGirdle },
  natural_pavilion: { list: INCLUSIONS.natural_pavilion.grades, column: stones.naturalPavilion },
  surface_graining: { list: INCLUSIONS.surface_graining.grades, column: stones.surfaceGraining },
  internal_graining: { list: INCLUSIONS.internal_graining.grades, column: stones.internalGraining },
} satisfies Record<string, { list: readonly Grade[]; column: unknown }> & Record<InclusionKey, unknown>;
export type GradedKey = keyof typeof GRADED_COLUMNS;

/** The rank (1-based) of a value in a graded column, or null when the value is not in the list. */
export function rankIn(key: GradedKey, value: string | null | undefined): number | null {
  if (value == null) return null;
  const index = GRADED_COLUMNS[key].list.findIndex((grade) => grade.value === value);
  return index < 0 ? null : index + 1;
}

function valueAt(key: GradedKey, rank: number | null): string | null {
  if (rank == null) return null;
  return GRADED_COLUMNS[key].list[rank - 1]?.value ?? null;
}

export function statusRank(status: StoneStatus): number {
  return STONE_STATUSES.indexOf(status) + 1;
}

export function statusAt(rank: number): StoneStatus {
  const status = STONE_STATUSES[rank - 1];
  if (!status) throw new Error(`unknown stone status rank ${rank}`);
  return status;
}

export function keyToSymbolBits(symbols: readonly string[]): number {
  let bits = 0;
  for (const symbol of symbols) {
    const index = KEY_TO_SYMBOLS.findIndex((k) => k.value === symbol);
    if (index >= 0) bits |= 1 << index;
  }
  return bits;
}

export function keyToSymbolsOf(bits: number): string[] {
  return KEY_TO_SYMBOLS.filter((_, index) => (bits & (1 << index)) !== 0).map((k) => k.value);
}

/** Money to cents and percentages to 2 decimals, the pins' rounding. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** $/ct, amount and list value of a stone from its list price, discount and weight. */
export function priceOf(rapPerCarat: number, discount: number, carats: number) {
  const pricePerCarat = round2(rapPerCarat * (1 + discount / 100));
  return {
    rapPerCarat,
    discount: round2(discount),
    pricePerCarat,
    amount: round2(pricePerCarat * carats),
    rapValue: round2(rapPerCarat * carats),
  };
}

export interface ViewOptions {
  /** False for customers whose KYC is not approved: money and discount are withheld. */
  showPrices: boolean;
  /** The customer asking, when there is one: a stone held for them says so. */
  customerId?: string;
}

/** The API's Stone from a row. */
export function toStone(row: StoneRow, options: ViewOptions): Stone {
  const shape = valueAt('shape', row.shape) ?? 'OTHER';
  const hasCertificateFile = row.certificateUrl?.toLowerCase().endsWith('.pdf') ?? false;
  return {
    id: row.id,
    lot_id: row.lotId,
    diamond_status: statusAt(row.status),
    shape,
    shape_full: SHAPES.find((s) => s.value === shape)?.label ?? shape,
    carats: row.carats,
    color: valueAt('color', row.color),
    fancy_color: valueAt('fancy_color', row.fancyColor),
    fancy_intensity: valueAt('fancy_intensity', row.fancyIntensity),
    fancy_overtone: valueAt('fancy_overtone', row.fancyOvertone),
    clarity: valueAt('clarity', row.clarity),
    cut: valueAt('cut', row.cut),
    polish: valueAt('polish', row.polish),
    symmetry: valueAt('symmetry', row.symmetry),
    fluorescence: valueAt('fluorescence', row.fluorescence),
    lab: valueAt('lab', row.lab) ?? 'GIA',
    certificate_number: row.certificateNumber,
    certified_at: row.certifiedAt.toISOString(),
    length: row.length,
    width: row.width,
    depth: row.depth,
    depth_percentage: row.depthPercentage,
    table_percentage: row.tablePercentage,
    ratio: row.ratio,
    crown_angle: row.crownAngle,
    crown_height: row.crownHeight,
    pavilion_angle: row.pavilionAngle,
    pavilion_height: row.pavilionHeight,
    girdle_percentage: row.girdlePercentage,
    lower_half: row.lowerHalf,
    star_length: row.starLength,
    girdle_thin: valueAt('girdle_thin', row.girdleThin),
    girdle_thick: valueAt('girdle_thick', row.girdleThick),
    culet: valueAt('culet', row.culet),
    shade: valueAt('shade', row.shade),
    milky: valueAt('milky', row.milky),
    luster: valueAt('luster', row.luster),
    eye_clean: valueAt('eye_clean', row.eyeClean),
    table_black: valueAt('table_black', row.tableBlack),
    side_black: valueAt('side_black', row.sideBlack),
    table_open: valueAt('table_open', row.tableOpen),
    crown_open: valueAt('crown_open', row.crownOpen),
    pavilion_open: valueAt('pavilion_open', row.pavilionOpen),
    table_inclusion: valueAt('table_inclusion', row.tableInclusion),
    side_inclusion: valueAt('side_inclusion', row.sideInclusion),
    natural_crown: valueAt('natural_crown', row.naturalCrown),
    natural_girdle: valueAt('natural_girdle', row.naturalGirdle),
    natural_pavilion: valueAt('natural_pavilion', row.naturalPavilion),
    surface_graining: valueAt('surface_graining', row.surfaceGraining),
    internal_graining: valueAt('internal_graining', row.internalGraining),
    key_to_symbols: keyToSymbolsOf(row.keyToSymbols),
    report_comments: row.reportComments,
    inscription: row.inscription,
    origin_country: valueAt('origin_country', row.originCountry),
    location: valueAt('location', row.location) ?? 'IND',
    rap: options.showPrices ? row.rapPerCarat : null,
    rap_value: options.showPrices ? row.rapValue : null,
    discount: options.showPrices ? row.discount : null,
    price_per_carat: options.showPrices ? row.pricePerCarat : null,
    amount: options.showPrices ? row.amount : null,
    image_url: row.imageUrl,
    video_url: row.videoUrl,
    certificate_url: row.certificateUrl,
    assets_pre_check: {
      CERT_IMG: row.certificateUrl != null,
      CERT_FILE: hasCertificateFile,
      B2B_CHECK: row.videoUrl != null,
      B2B_SPARKLE_CHECK: row.videoUrl != null && row.imageUrl != null,
    },
    gemtrac: row.gemtrac,
    tracr_id: row.tracrId,
    in_high_demand: row.inHighDemand,
    pair_lot_id: row.pairLotId,
    in_cart: false,
    reserved_for_you:
      options.customerId !== undefined &&
      row.reservedFor === options.customerId &&
      (row.status === statusRank('Hold') || row.status === statusRank('Memo')),
  };
}
