import type { FeatureModule } from '@loupe/contract/tour';

/**
 * Spec §9 "Tour": every number of the tour, in one table. The machine (tour-machine.ts) and the
 * runner read them from here only.
 */
export const TOUR = {
  /** Steps of the pre-KYC tour (search, filters, show results, add to cart). */
  preKycSteps: 4,
  /** Steps the post-KYC tour adds after those (download Excel, confirm stone). */
  postKycSteps: 2,
  /** A mini tour has at most this many steps. */
  miniTourMaxSteps: 4,
  /** A navigation between two steps stuck this long is force-ended… */
  navigationTimeoutMs: 5000,
  /** …and the tour restarts at its current step after this delay. */
  restartDelayMs: 1000,
  /** "Take the tour" from the help menu starts it on the dashboard after this delay. */
  autoStartDelayMs: 500,
  /** The shown step's target is checked this often… */
  monitorIntervalMs: 500,
  /** …and the tour ends after this many checks in a row without it. */
  monitorMaxMisses: 5,
  /** A step's target is looked up again this many times before the tour ends… */
  lookupRetries: 5,
  /** …or this many for the post-KYC tour, whose targets sit on slower screens… */
  lookupRetriesPostKyc: 10,
  /** …first after this delay… */
  lookupFirstDelayMs: 300,
  /** …each next delay this many times the one before. */
  lookupDelayFactor: 1.5,
  /** The filter step's guidance: narrow the search to under this many stones. */
  filterAdviceBelowStones: 300,
} as const;

/** Spec §9 "Mini tour pages", and the feature view (spec §3) each one marks when completed. */
export const MINI_TOUR_VIEWS = {
  'bid-to-buy-add': { module: 'bid_to_buy', view: 'apply_bid' },
  'bid-to-buy-update': { module: 'bid_to_buy', view: 'update_bid' },
  'new-arrivals-add': { module: 'new_arrivals', view: 'apply_bid' },
  'new-arrivals-update': { module: 'new_arrivals', view: 'update_bid' },
  match_pair_search: { module: 'match_pair_search', view: 'see_details' },
  dashboard: { module: 'dashboard', view: 'search_stone_id' },
  dashboard_new_arrivals: { module: 'dashboard', view: 'new_arrivals_bids' },
  dashboard_bid_to_buy: { module: 'dashboard', view: 'bid_to_buy_bids' },
} as const satisfies Record<string, { module: FeatureModule; view: string }>;

export type MiniTourPage = keyof typeof MINI_TOUR_VIEWS;
export const MINI_TOUR_PAGES = Object.keys(MINI_TOUR_VIEWS) as MiniTourPage[];

/** The wait before lookup retry `n` (1-based): 300 ms, 450 ms, 675 ms … */
export function lookupDelayMs(retry: number): number {
  return Math.round(TOUR.lookupFirstDelayMs * TOUR.lookupDelayFactor ** (retry - 1));
}
