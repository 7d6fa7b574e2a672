import { z } from 'zod';
import {
  CARAT_LIMITS,
  CLARITIES,
  COLOR_TILES,
  CULETS,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  FANCY_OVERTONES,
  FINISH_FILTER_GRADES,
  FLUORESCENCES,
  GIRDLES,
  INCLUSIONS,
  KEY_TO_SYMBOLS,
  LABS,
  LOCATIONS,
  MAKES,
  ORIGINS,
  OTHER_SHAPES,
  SHADES,
  SHAPES,
  valuesOf,
} from './stone-vocabulary.ts';
import { strictInput } from './strict.ts';

/**
 * The stock search form's filters (domain-facts §1), as the API receives them. Every key is
 * optional; an absent or empty key does not filter. Within a key values are alternatives (OR);
 * keys combine with AND.
 */

/** "All" in a list means the whole list, as the peer sends it (`shape[]=All`). */
const ALL = 'All';
function pick<const V extends string>(values: readonly V[]) {
  return z.array(z.enum([...values, ALL] as unknown as [V | 'All', ...(V | 'All')[]])).max(64);
}

function twoDecimals(value: number) {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A `{gte, lte}` range within limits, at most 2 decimals, From ≤ To (domain-facts §1.4). */
export function numberRange(min: number, max: number) {
  const end = z
    .number()
    .min(min, `please enter a range between ${min} to ${max} only`)
    .max(max, `please enter a range between ${min} to ${max} only`)
    .refine(twoDecimals, 'at most 2 decimals');
  return z
    .object({ gte: end, lte: end })
    .refine((range) => range.gte <= range.lte, { message: 'From should be less than To', path: ['gte'] });
}

/** "1.00-1.19": two numbers with at most 2 decimals within 0.15–50, From ≤ To. */
export const caratRange = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?-\d{1,2}(\.\d{1,2})?$/, 'write carats as "from-to", e.g. "1.00-1.19"')
  .refine((text) => {
    const [from, to] = text.split('-').map(Number) as [number, number];
    return from >= CARAT_LIMITS.min && to <= CARAT_LIMITS.max && from <= to;
  }, `carats must lie within ${CARAT_LIMITS.min}–${CARAT_LIMITS.max} with From ≤ To`);

const girdleCode = z.enum(valuesOf(GIRDLES));

const inclusionFilters = Object.fromEntries(
  Object.entries(INCLUSIONS).map(([key, spec]) => [key, pick(spec.grades.map((g) => g.value)).optional()]),
) as unknown as {
  [K in keyof typeof INCLUSIONS]: z.ZodOptional<
    ReturnType<typeof pick<(typeof INCLUSIONS)[K]['grades'][number]['value']>>
  >;
};

export const stoneFilters = z
  .object({
    shape: pick([...valuesOf(SHAPES).slice(0, 10), OTHER_SHAPES]).optional(),
    carats: z.array(caratRange).max(50).optional(),
    color: pick(COLOR_TILES).optional(),
    fancy_color: pick(valuesOf(FANCY_COLORS)).optional(),
    fancy_intensity: pick(valuesOf(FANCY_INTENSITIES)).optional(),
    fancy_overtone: pick(valuesOf(FANCY_OVERTONES)).optional(),
    clarity: pick(valuesOf(CLARITIES)).optional(),
    /** A make shortcut; the server applies it exactly as domain-facts §1.2 describes. */
    make: z.enum(MAKES).optional(),
    cut: pick(FINISH_FILTER_GRADES).optional(),
    polish: pick(FINISH_FILTER_GRADES).optional(),
    symmetry: pick(FINISH_FILTER_GRADES).optional(),
    fluorescence: pick(valuesOf(FLUORESCENCES)).optional(),
    lab: pick(valuesOf(LABS)).optional(),
    /** USA includes USA-BD. */
    location: pick(valuesOf(LOCATIONS)).optional(),
    origin_country: pick(valuesOf(ORIGINS)).optional(),
    /** "No BGM" expands to shades None, White, Yellow together with milky M0. */
    shade: pick([...valuesOf(SHADES), 'No BGM']).optional(),
    /** A stone matches when its whole girdle (thinnest to thickest) lies within the range. */
    girdle: z
      .object({ gte: girdleCode, lte: girdleCode })
      .refine(
        (g) => GIRDLES.findIndex((x) => x.value === g.gte) <= GIRDLES.findIndex((x) => x.value === g.lte),
        {
          message: 'From should be less than To',
          path: ['gte'],
        },
      )
      .optional(),
    culet: pick(valuesOf(CULETS)).optional(),
    key_to_symbol: pick(valuesOf(KEY_TO_SYMBOLS)).optional(),
    key_to_symbol_search_type: z.enum(['contain', 'doesNotContain']).optional(),
    ...inclusionFilters,
    discount: numberRange(-100, 100).optional(),
    price_per_carat: numberRange(0, 999_999).optional(),
    /** Total amount in dollars. */
    price_range: numberRange(0, 999_999).optional(),
    table_percentage: numberRange(0, 100).optional(),
    depth_percentage: numberRange(0, 100).optional(),
    ratio: numberRange(0, 100).optional(),
    length: numberRange(0, 100).optional(),
    width: numberRange(0, 100).optional(),
    depth: numberRange(0, 100).optional(),
    crown_angle: numberRange(0, 360).optional(),
    crown_height: numberRange(0, 100).optional(),
    girdle_percentage: numberRange(0, 100).optional(),
    pavilion_angle: numberRange(0, 360).optional(),
    pavilion_height: numberRange(0, 100).optional(),
    lower_half: numberRange(0, 100).optional(),
    star_length: numberRange(0, 100).optional(),
    /** "Images & Videos Required": an image and a video. */
    all_asset_required: z.boolean().optional(),
    showOnlyWithVideo: z.boolean().optional(),
    isGemTrackAvailable: z.boolean().optional(),
  })
  .meta({ id: 'StoneFilters' });
export type StoneFilters = z.infer<typeof stoneFilters>;
export type StoneFiltersInput = z.input<typeof stoneFilters>;

/**
 * The filters as URL-encoded JSON in a query string (`filters=` of the matching pairs and bid to
 * buy), refused as the search refuses its body's `filters`: not JSON, a key the form does not
 * name (pins "Hardening"), a value out of range, each a 400 naming `filters…`. A query string is
 * not put through `strictInput` by registerRoute (only bodies are), so this does it itself.
 */
export const stoneFiltersParam = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(strictInput(stoneFilters));

/** Filter groups whose per-value counts the search can return (the form shows them on the tiles). */
export const FACET_GROUPS = [
  'shape',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
] as const;
export type FacetGroup = (typeof FACET_GROUPS)[number];
