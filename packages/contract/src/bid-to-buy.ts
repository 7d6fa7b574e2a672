import { z } from 'zod';
import { BID_LIMITS, bidHistoryRow, bidValue } from './bidding.ts';
import { route } from './route.ts';
import { stoneFiltersParam } from './search-filters.ts';
import { stone } from './stones.ts';

/**
 * Bid to buy (pins "Bid to buy"): a monthly event over REST. Bids are sealed: a bidder sees the
 * event floor and their own bid, never another bidder's. With no event running every call
 * answers 404 INACTIVE_BID_TO_BUY.
 */

/** An event stone: the stone row with the event floor as `discount`, its own as `original_discount`. */
export const bidToBuyRow = stone
  .extend({
    /** The stone's normal discount (shown struck through). */
    original_discount: z.number().nullable(),
    /** My bid, or null. */
    my_current_bid: z.number().nullable(),
    /** When I last bid on it (ISO), or null. */
    last_bid_date: z.string().nullable(),
  })
  .meta({ id: 'BidToBuyStone' });
export type BidToBuyRow = z.infer<typeof bidToBuyRow>;

export const bidToBuyStones = z.object({
  /** When the event ends (ISO 8601). */
  endTime: z.string(),
  /** Event stones I have not bid on that match the filter or text search (empty without one). */
  bidStone: z.array(bidToBuyRow),
  /** Every event stone I have bid on. */
  activeStone: z.array(bidToBuyRow),
});
export type BidToBuyStones = z.infer<typeof bidToBuyStones>;

export const getBidToBuy = route({
  method: 'GET',
  path: '/store/bid-to-buy',
  summary: 'The running bid-to-buy event: its end, the stones matching a filter or text search, my bids',
  tag: 'bid-to-buy',
  auth: true,
  query: z.strictObject({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(BID_LIMITS.bidToBuyMaxLimit)
      .default(BID_LIMITS.bidToBuyMaxLimit),
    textSearchReportId: z.string().uuid().optional(),
    /** The search body's filters as URL-encoded JSON, refused as the search refuses them. */
    filters: stoneFiltersParam.optional(),
  }),
  status: 200,
  response: bidToBuyStones,
});

export const placeBidToBuy = route({
  method: 'POST',
  path: '/store/bid-to-buy',
  summary: 'Place or raise my sealed bid on a bid-to-buy stone',
  tag: 'bid-to-buy',
  auth: true,
  body: z.strictObject({ product_id: z.string().uuid(), bid_value: bidValue }),
  status: 200,
  response: z.object({ status: z.literal('success'), product_id: z.string(), bid_value: z.number() }),
});

export const cancelBidToBuy = route({
  method: 'DELETE',
  path: '/store/bid-to-buy',
  summary: 'Withdraw my bids on bid-to-buy stones',
  tag: 'bid-to-buy',
  auth: true,
  body: z.strictObject({ product_ids: z.array(z.string().uuid()).min(1).max(300) }),
  status: 204,
});

export const bidToBuyHistory = route({
  method: 'GET',
  path: '/store/customers/me/bidtobuy-history',
  summary: 'My bids in closed bid-to-buy events, newest first, with whether each won',
  tag: 'bid-to-buy',
  auth: true,
  status: 200,
  response: z.object({ bids: z.array(bidHistoryRow), count: z.number().int() }),
});

/** `npm run admin -- bid-to-buy open <ISO end> [stone count]`. */
export const openBidToBuy = route({
  method: 'POST',
  path: '/operator/bid-to-buy',
  summary: 'Open a bid-to-buy event now with Available stones at a floor 5 points below (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.strictObject({
    ends_at: z.iso.datetime({ offset: true }),
    stone_count: z.number().int().min(1).max(5000).default(BID_LIMITS.bidToBuyDefaultStones),
  }),
  status: 200,
  response: z.object({ event_id: z.string(), ends_at: z.string(), stone_count: z.number().int() }),
});

/** `npm run admin -- bid-to-buy close`. */
export const closeBidToBuy = route({
  method: 'DELETE',
  path: '/operator/bid-to-buy',
  summary: 'End the running bid-to-buy event now and award its stones (operator)',
  tag: 'operator',
  auth: 'operator',
  status: 200,
  response: z.object({ awarded: z.number().int(), unsold: z.number().int(), returned: z.number().int() }),
});
