import { z } from 'zod';
import { route } from './route.ts';
import { stoneFiltersParam } from './search-filters.ts';
import { stone } from './stones.ts';

/**
 * Matching pairs (domain-facts §11): two stones that match on the customer's Equal attributes
 * and stay within the tolerances on the rest, found by the server, best pairs first; the
 * customer's Match Pair Settings; similar stones.
 */

export const PAIR_LIMITS = {
  /** A result holds at most this many pairs. */
  maxPairs: 150,
  /** Similar stones answered at most. */
  similarMax: 24,
  similarDefault: 12,
} as const;

/**
 * The attributes a pairing compares, in the default rank order (pins "Matching settings rows"):
 * `table` and `depth` are the stone's table % and depth %, `carat` its carats.
 */
export const PAIR_SETTING_KEYS = [
  'color',
  'clarity',
  'length',
  'width',
  'table',
  'depth',
  'fluorescence',
  'carat',
] as const;
export type PairSettingKey = (typeof PAIR_SETTING_KEYS)[number];

/** Grade rows count whole steps of the trade's order (0–10); size rows are measures (0–100, 2 decimals). */
export const GRADE_SETTING_KEYS: readonly PairSettingKey[] = ['color', 'clarity', 'fluorescence'];
export const isGradeSetting = (key: PairSettingKey) => GRADE_SETTING_KEYS.includes(key);
export const PAIR_SETTING_BOUNDS = {
  grade: { min: 0, max: 10, decimals: 0 },
  size: { min: 0, max: 100, decimals: 2 },
} as const;
export const boundsOf = (key: PairSettingKey) =>
  isGradeSetting(key) ? PAIR_SETTING_BOUNDS.grade : PAIR_SETTING_BOUNDS.size;

/**
 * One row of the settings. `up` (the dialog's From) and `down` (its To) bound the second stone
 * of a pair against the first, the larger: second − first must lie within [−down, +up]. For a
 * grade, a step up is one grade further down the trade's list (G → H). With `is_equal` the
 * values must be the same and the tolerances are not used. Decision 017.
 */
export const pairSettingRow = z.object({
  key: z.enum(PAIR_SETTING_KEYS),
  display: z.string(),
  /** Rank: 1 is the most important; a pair's score weighs its differences by rank. */
  priority: z.number().int().min(1).max(PAIR_SETTING_KEYS.length),
  is_equal: z.boolean(),
  up: z.number(),
  down: z.number(),
});
export type PairSettingRow = z.infer<typeof pairSettingRow>;

const DISPLAY: Record<PairSettingKey, string> = {
  color: 'Color',
  clarity: 'Clarity',
  length: 'Length',
  width: 'Width',
  table: 'Table %',
  depth: 'Depth %',
  fluorescence: 'Fluorescence',
  carat: 'Carat',
};
export const settingDisplay = (key: PairSettingKey) => DISPLAY[key];

/** The defaults of domain-facts §11. */
export const DEFAULT_PAIR_SETTINGS: readonly PairSettingRow[] = (
  [
    ['color', true, 0, 0],
    ['clarity', true, 0, 0],
    ['length', false, 0, 0.05],
    ['width', false, 0, 2],
    ['table', false, 1, 0],
    ['depth', false, 0, 1.7],
    ['fluorescence', true, 0, 0],
    ['carat', false, 0, 0.05],
  ] as const
).map(([key, is_equal, up, down], i) => ({
  key,
  display: DISPLAY[key],
  priority: i + 1,
  is_equal,
  up,
  down,
}));

/** The problem with one tolerance, in the dialog's words, or null. */
export function toleranceProblem(key: PairSettingKey, value: number): string | null {
  const bounds = boundsOf(key);
  const scaled = value * 10 ** bounds.decimals;
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max)
    return `must be from ${bounds.min} to ${bounds.max}`;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
    return bounds.decimals === 0 ? 'must be a whole number' : `has at most ${bounds.decimals} decimals`;
  return null;
}

/** A whole set of rows: every attribute once, ranks 1…8 once each, tolerances in range. */
export const pairSettings = z.array(pairSettingRow).superRefine((rows, ctx) => {
  const keys = new Set(rows.map((row) => row.key));
  if (rows.length !== PAIR_SETTING_KEYS.length || keys.size !== PAIR_SETTING_KEYS.length) {
    ctx.addIssue({ code: 'custom', message: `Give each of ${PAIR_SETTING_KEYS.join(', ')} once` });
  }
  const ranks = new Set(rows.map((row) => row.priority));
  if (ranks.size !== rows.length) {
    ctx.addIssue({ code: 'custom', message: 'Each row needs its own rank' });
  }
  rows.forEach((row, i) => {
    for (const field of ['up', 'down'] as const) {
      const problem = toleranceProblem(row.key, row[field]);
      if (problem) {
        const name = field === 'up' ? 'From' : 'To';
        ctx.addIssue({ code: 'custom', path: [i, field], message: `${DISPLAY[row.key]} ${name} ${problem}` });
      }
    }
  });
});

const settingAnswer = z.object({ setting: z.array(pairSettingRow) });

export const getPairSettings = route({
  method: 'GET',
  path: '/store/matching-pair-setting',
  summary: "The customer's Match Pair Settings; with action=reset, the defaults (nothing is saved)",
  tag: 'matching-pairs',
  auth: true,
  query: z.object({ action: z.enum(['reset']).optional() }),
  status: 200,
  response: settingAnswer,
});

export const savePairSettings = route({
  method: 'POST',
  path: '/store/matching-pair-setting',
  summary: 'Replace the customer’s Match Pair Settings (400 naming the field out of range)',
  tag: 'matching-pairs',
  auth: true,
  body: z.object({ setting: pairSettings }),
  status: 200,
  response: settingAnswer,
});

/**
 * `filters=` carries the search form's filters as JSON, refused as the search refuses them
 * (`stoneFiltersParam`); without it, or empty, the whole stock is paired.
 */
const pairFilters = z
  .string()
  .optional()
  .transform((text) => text || '{}')
  .pipe(stoneFiltersParam);

/** How far the second stone of a pair is from the first on one attribute (grades in steps). */
export const pairDifference = z.object({
  key: z.enum(PAIR_SETTING_KEYS),
  difference: z.number(),
});

export const stonePair = z
  .object({
    pair_id: z.string(),
    /** The larger stone first. */
    stones: z.tuple([stone, stone]),
    /** Lower is closer: differences weighed by rank, each against its tolerance. */
    score: z.number(),
    differences: z.array(pairDifference),
  })
  .meta({ id: 'StonePair' });
export type StonePair = z.infer<typeof stonePair>;

export const findPairs = route({
  method: 'GET',
  path: '/store/products-matching-pair',
  summary:
    'Pairs of Available stones by the customer’s settings within the search form’s filters, best first, each stone in at most one pair, at most 150',
  tag: 'matching-pairs',
  auth: true,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(PAIR_LIMITS.maxPairs).default(PAIR_LIMITS.maxPairs),
    offset: z.coerce.number().int().min(0).max(PAIR_LIMITS.maxPairs).default(0),
    /** Accepted for the peer portal's calls; stones always come whole. */
    expand: z.string().max(100).optional(),
    filters: pairFilters,
    gemtrac: z.enum(['true', 'false']).optional(),
  }),
  status: 200,
  response: z.object({ count: z.number().int(), pairs: z.array(stonePair) }),
});

const flag = z.enum(['true', 'false']).optional();

export const findSimilarStones = route({
  method: 'GET',
  path: '/store/similar-product',
  summary:
    'The Available stones nearest to a stone (same shape; carats, grades and make close), without the given ones',
  tag: 'matching-pairs',
  auth: true,
  query: z.object({
    product_id: z.uuid(),
    /** The other stone of a pair, left out too. */
    matching_pair_product_id: z.uuid().optional(),
    /** Only stones with an image, a video and a certificate. */
    all_asset_required: flag,
    gemTrac: flag,
    limit: z.coerce.number().int().min(1).max(PAIR_LIMITS.similarMax).default(PAIR_LIMITS.similarDefault),
  }),
  status: 200,
  response: z.object({ products: z.array(stone) }),
});
