import { z } from 'zod';
import { mainTourStatus } from './customers.ts';
import { route } from './route.ts';

/**
 * The guided tour's state per customer (spec §3 "Tour state", §7 "Tour", pins "Tour, help, FAQs"):
 * the main tour's status and, per mini-tour module, which feature views were completed.
 */

export { mainTourStatus };
export type MainTourStatus = z.infer<typeof mainTourStatus>;

/** Each module's feature views (spec §3), in the order the spec lists them. */
export const TOUR_FEATURE_VIEWS = {
  dashboard: ['search_stone_id', 'new_arrivals_bids', 'bid_to_buy_bids'],
  bid_to_buy: ['apply_bid', 'update_bid'],
  new_arrivals: ['apply_bid', 'update_bid'],
  match_pair_search: ['see_details'],
} as const;

export type FeatureModule = keyof typeof TOUR_FEATURE_VIEWS;
export const FEATURE_MODULES = Object.keys(TOUR_FEATURE_VIEWS) as FeatureModule[];
export type FeatureViewOf<M extends FeatureModule> = (typeof TOUR_FEATURE_VIEWS)[M][number];

function flags<const K extends readonly string[]>(keys: K) {
  return z.strictObject(
    Object.fromEntries(keys.map((k) => [k, z.boolean()])) as { [P in K[number]]: z.ZodBoolean },
  );
}

export const featureViews = z
  .object({
    dashboard: flags(TOUR_FEATURE_VIEWS.dashboard),
    bid_to_buy: flags(TOUR_FEATURE_VIEWS.bid_to_buy),
    new_arrivals: flags(TOUR_FEATURE_VIEWS.new_arrivals),
    match_pair_search: flags(TOUR_FEATURE_VIEWS.match_pair_search),
  })
  .meta({ id: 'FeatureViews' });

export type FeatureViews = z.infer<typeof featureViews>;

export const tourState = z
  .object({ main_tour_status: mainTourStatus, feature_views: featureViews })
  .meta({ id: 'TourState' });

export type TourState = z.infer<typeof tourState>;

/** Every feature view false: a customer who has completed no mini tour. */
export function noFeatureViews(): FeatureViews {
  return {
    dashboard: { search_stone_id: false, new_arrivals_bids: false, bid_to_buy_bids: false },
    bid_to_buy: { apply_bid: false, update_bid: false },
    new_arrivals: { apply_bid: false, update_bid: false },
    match_pair_search: { see_details: false },
  };
}

/** `?module=`: the main status, or one mini-tour module's flags. */
export const TOUR_MODULES = ['main_tour_status', ...FEATURE_MODULES] as [
  'main_tour_status',
  ...FeatureModule[],
];
export type TourModule = (typeof TOUR_MODULES)[number];

/** What each module's POST carries: `{main_tour_status}`, or some of the module's own flags. */
export const tourModuleBody = {
  main_tour_status: z.strictObject({ main_tour_status: mainTourStatus }),
  dashboard: flags(TOUR_FEATURE_VIEWS.dashboard).partial(),
  bid_to_buy: flags(TOUR_FEATURE_VIEWS.bid_to_buy).partial(),
  new_arrivals: flags(TOUR_FEATURE_VIEWS.new_arrivals).partial(),
  match_pair_search: flags(TOUR_FEATURE_VIEWS.match_pair_search).partial(),
} satisfies Record<TourModule, z.ZodType>;

const mode = z.literal('web');

export const getTourGuide = route({
  method: 'GET',
  path: '/tour-guide',
  summary: "The customer's main tour status and feature views",
  tag: 'tour',
  auth: true,
  query: z.object({ mode }),
  status: 200,
  response: tourState,
});

/**
 * `?module=main_tour_status` with `{main_tour_status}`, or `?module=dashboard` (bid_to_buy,
 * new_arrivals, match_pair_search) with some of that module's flags (`{search_stone_id: true}`).
 * A body of another module's shape is refused with 400.
 */
export const updateTourGuide = route({
  method: 'POST',
  path: '/tour-guide',
  summary: 'Set the main tour status, or mark feature views of a mini tour',
  tag: 'tour',
  auth: true,
  query: z.object({ module: z.enum(TOUR_MODULES), mode }),
  body: z.union([
    tourModuleBody.main_tour_status,
    z.strictObject(
      Object.fromEntries(
        [...new Set(Object.values(TOUR_FEATURE_VIEWS).flat())].map((k) => [k, z.boolean().optional()]),
      ),
    ),
  ]),
  status: 200,
  response: tourState,
});
