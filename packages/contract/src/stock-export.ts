import { z } from 'zod';
import { route } from './route.ts';
import { stoneFilters } from './search-filters.ts';
import { stoneSort } from './stones.ts';

/** How many stones one spreadsheet may hold; a larger export answers 400 EXPORT_TOO_LARGE. */
export const EXPORT_LIMITS = { maxStones: 100_000, defaultFileName: 'new_arrivals.xlsx' } as const;

/** Which stones to export: the listed ones, or every stone the filters find. */
export const exportRequest = z.object({
  /** Stone ids or stock numbers (lot ids, any case) in the order the rows should have. */
  products: z.array(z.string().min(1).max(64)).max(EXPORT_LIMITS.maxStones).optional(),
  /** With no `products`: the search whose whole result is exported. */
  previous_searchs: stoneFilters.optional(),
  /** With no `products`: the order of the rows; the search's default order when absent. */
  sort: z.array(stoneSort).max(4).optional(),
  /** Export from the new arrivals (stones certified in the last 24 hours); approved KYC only. */
  new_arrivals: z.boolean().default(false),
  /**
   * Export the stones of one of the customer's orders with the prices paid (the order detail's
   * Download Excel; export-excel only); `products` and the search are then ignored. Another
   * customer's order: 404.
   */
  order_id: z.uuid().optional(),
  /**
   * The bidding tab the export comes from (domain-facts §2.3): its bid columns follow the stone's
   * (my bid, on new arrivals the highest bid, the date of my bid, and in history won or lost).
   * At most one.
   */
  from_new_arrival_bid: z.boolean().default(false),
  from_new_arrival_bid_history: z.boolean().default(false),
  from_bid_to_buy: z.boolean().default(false),
  from_bid_to_buy_history: z.boolean().default(false),
  file_name: z
    .string()
    .regex(/^[\w .-]{1,60}\.xlsx$/, 'a file name ending in .xlsx')
    .optional(),
});

export const exportStones = route({
  method: 'POST',
  path: '/store/products/export-excel',
  summary:
    'Stream the selected stones, or the whole result of a search, as an .xlsx spreadsheet (at most 100,000 stones: more answers 400 EXPORT_TOO_LARGE; prices only with approved KYC)',
  tag: 'stock-export',
  auth: true,
  body: exportRequest,
  status: 200,
});

export const exportTradeShowStones = route({
  method: 'POST',
  path: '/store/products-export-excel-trade-show',
  summary:
    'Stream the stones shown at the running trade show (or the selected ones) as an .xlsx spreadsheet; 409 NO_TRADE_SHOW when none is running, at most 100,000 stones',
  tag: 'stock-export',
  auth: true,
  // An order's stones are exported by export-excel; here `order_id` is an unknown key (400).
  body: exportRequest.omit({ order_id: true }),
  status: 200,
});
