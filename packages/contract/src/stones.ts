import { z } from 'zod';
import { STONE_STATUSES } from './stone-vocabulary.ts';

/**
 * One stone as the portal shows it (domain-facts §2 and §3). Money and discount are null for a
 * customer whose KYC is not approved: the server withholds them (the table shows "Unlock").
 * Grades are the vocabulary's API values; absent grades are null.
 */
export const stone = z
  .object({
    id: z.string(),
    lot_id: z.string(),
    diamond_status: z.enum(STONE_STATUSES),
    shape: z.string(),
    shape_full: z.string(),
    carats: z.number(),
    color: z.string().nullable(),
    fancy_color: z.string().nullable(),
    fancy_intensity: z.string().nullable(),
    fancy_overtone: z.string().nullable(),
    clarity: z.string().nullable(),
    cut: z.string().nullable(),
    polish: z.string().nullable(),
    symmetry: z.string().nullable(),
    fluorescence: z.string().nullable(),
    lab: z.string(),
    certificate_number: z.string().nullable(),
    /** When the lab certified the stone; new arrivals are those of the last 24 hours. */
    certified_at: z.string(),
    length: z.number().nullable(),
    width: z.number().nullable(),
    depth: z.number().nullable(),
    depth_percentage: z.number().nullable(),
    table_percentage: z.number().nullable(),
    ratio: z.number().nullable(),
    crown_angle: z.number().nullable(),
    crown_height: z.number().nullable(),
    pavilion_angle: z.number().nullable(),
    pavilion_height: z.number().nullable(),
    girdle_percentage: z.number().nullable(),
    lower_half: z.number().nullable(),
    star_length: z.number().nullable(),
    /** Thinnest and thickest girdle codes, e.g. STN and MED. */
    girdle_thin: z.string().nullable(),
    girdle_thick: z.string().nullable(),
    culet: z.string().nullable(),
    shade: z.string().nullable(),
    milky: z.string().nullable(),
    luster: z.string().nullable(),
    eye_clean: z.string().nullable(),
    table_black: z.string().nullable(),
    side_black: z.string().nullable(),
    table_open: z.string().nullable(),
    crown_open: z.string().nullable(),
    pavilion_open: z.string().nullable(),
    table_inclusion: z.string().nullable(),
    side_inclusion: z.string().nullable(),
    natural_crown: z.string().nullable(),
    natural_girdle: z.string().nullable(),
    natural_pavilion: z.string().nullable(),
    surface_graining: z.string().nullable(),
    internal_graining: z.string().nullable(),
    key_to_symbols: z.array(z.string()),
    report_comments: z.string().nullable(),
    inscription: z.string().nullable(),
    origin_country: z.string().nullable(),
    location: z.string(),
    /** List price per carat (Loupe's grid, the "Rap" column). */
    rap: z.number().nullable(),
    /** List price of the whole stone: rap × carats. */
    rap_value: z.number().nullable(),
    /** Against list, negative = below list, 2 decimals. */
    discount: z.number().nullable(),
    price_per_carat: z.number().nullable(),
    amount: z.number().nullable(),
    image_url: z.string().nullable(),
    video_url: z.string().nullable(),
    certificate_url: z.string().nullable(),
    assets_pre_check: z.object({
      CERT_IMG: z.boolean(),
      CERT_FILE: z.boolean(),
      B2B_CHECK: z.boolean(),
      B2B_SPARKLE_CHECK: z.boolean(),
    }),
    /** The stone's journey can be shown (GET /store/product/traceability). */
    gemtrac: z.boolean(),
    tracr_id: z.string().nullable(),
    in_high_demand: z.boolean(),
    /** The lot id of its matching-pair partner. */
    pair_lot_id: z.string().nullable(),
    /** In the asking customer's cart (the grid's "In Cart" legend). */
    in_cart: z.boolean(),
    /** On hold or memo for the asking customer, who may confirm it (anyone else may not). */
    reserved_for_you: z.boolean(),
  })
  .meta({ id: 'Stone' });

export type Stone = z.infer<typeof stone>;

/** Columns a result can be sorted by. Graded columns sort in the trade's order, not alphabetically. */
export const STONE_SORT_FIELDS = [
  'lot_id',
  'diamond_status',
  'location',
  'lab',
  'shape',
  'cut',
  'carats',
  'color',
  'clarity',
  'polish',
  'symmetry',
  'fluorescence',
  'discount',
  'price_per_carat',
  'rap',
  'rap_value',
  'amount',
  'shade',
  'table_percentage',
  'depth_percentage',
  'certificate_number',
  'ratio',
  'length',
  'crown_angle',
  'crown_height',
  'girdle_percentage',
  'pavilion_angle',
  'pavilion_height',
  'lower_half',
  'star_length',
  'culet',
  'girdle_thin',
  'table_black',
  'side_black',
  'table_inclusion',
  'side_inclusion',
  'table_open',
  'crown_open',
  'pavilion_open',
  'milky',
  'eye_clean',
  'luster',
  'origin_country',
  'certified_at',
] as const;

export type StoneSortField = (typeof STONE_SORT_FIELDS)[number];

export const stoneSort = z.object({
  field: z.enum(STONE_SORT_FIELDS),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
