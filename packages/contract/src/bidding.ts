import { z } from 'zod';
import { route } from './route.ts';
import { stone } from './stones.ts';

/**
 * Bidding (pins "Bidding on new arrivals" and "Bid to buy", domain-facts §4). A bid is a discount
 * % against list (`bid_value`), never a price: the price per carat it offers is
 * rap × (1 + bid / 100), to the cent. Bids only go up.
 */

export const BID_LIMITS = {
  /** Bids move in steps of a quarter point. */
  step: 0.25,
  min: -99.75,
  max: 99.75,
  /** A bid accepted this close to the end moves the end to this long after the bid. */
  antiSnipingMs: 2 * 60_000,
  /** An outbid bidder hears of it at most once per stone in this long. */
  outbidNoticeEveryMs: 5 * 60_000,
  /** Bid to buy: the event floor is this many points below the stone's own discount. */
  bidToBuyFloorPoints: 5,
  /** Bid to buy: stones answered at most (spec §9). */
  bidToBuyMaxLimit: 300,
  /** Stones a bid-to-buy event opens with unless the operator says otherwise. */
  bidToBuyDefaultStones: 300,
} as const;

/** A bid's value: −99.75 … 99.75 in steps of 0.25. */
export const bidValue = z
  .number()
  .min(BID_LIMITS.min)
  .max(BID_LIMITS.max)
  .refine((v) => Number.isInteger(v / BID_LIMITS.step), { message: 'Bids move in steps of 0.25' });

/** The price per carat and amount a bid offers (domain-facts §4: Bid Pr/Ct and Bid Amt $). */
export function bidPrice(rap: number, carats: number, bid: number) {
  const pricePerCarat = Math.round(rap * (1 + bid / 100) * 100) / 100;
  return { pricePerCarat, amount: Math.round(pricePerCarat * carats * 100) / 100 };
}

// ---------------------------------------------------------------- new arrivals (socket /bidding)

/** A new arrival open for bids: the stone row plus the state of its bidding. */
export const bidStoneRow = stone
  .extend({
    /** The highest bid of any bidder, or null. */
    current_max_bid: z.number().nullable(),
    /** My bid (null in `bidStone`). */
    my_current_bid: z.number().nullable(),
    /** When I last bid on it (ISO), or null. */
    last_bid_date: z.string().nullable(),
    bid_count: z.number().int(),
  })
  .meta({ id: 'BidStone' });
export type BidStoneRow = z.infer<typeof bidStoneRow>;

/** `bid_stones`: the round's end and my view of its stones. */
export const bidStones = z.object({
  /** When the round closes (ISO 8601); moves later when a bid comes in its last 2 minutes. */
  endTime: z.string(),
  /** Open stones I have not bid on. */
  bidStone: z.array(bidStoneRow),
  /** Open stones I have bid on. */
  activeStone: z.array(bidStoneRow),
});
export type BidStones = z.infer<typeof bidStones>;

/** What changed on one stone: the bidding of its `bid_stones` row that every bidder shares. */
export const bidStoneChange = z.object({
  product_id: z.string(),
  /** The highest standing bid on the stone now, of any bidder, or null. */
  current_max_bid: z.number().nullable(),
  /** Standing bids on the stone now. */
  bid_count: z.number().int(),
});
export type BidStoneChange = z.infer<typeof bidStoneChange>;

/**
 * `bid_stones_changed`: the news of the stones whose bids changed, at once, the same bytes for
 * every watching bidder: after committed bids and cancels (of any server instance), those of the
 * same moment in one event (at most one per 100 ms, longer on a busy server), each stone as its
 * latest bid left it. `endTime` is the round's end as those bids left it (a bid in the last 2
 * minutes moves it). It carries nothing of anyone's own (`my_current_bid`, `last_bid_date`): those come with
 * `bid_placed` and the next `bid_stones`, which follows within a second and replaces what the
 * client made of these (decision 045).
 */
export const bidStonesChanged = z.object({
  /** When the round closes (ISO 8601). */
  endTime: z.string(),
  stones: z.array(bidStoneChange),
});
export type BidStonesChanged = z.infer<typeof bidStonesChanged>;

export const placeBid = z.strictObject({ product_id: z.string().uuid(), bid_value: bidValue });
export type PlaceBid = z.infer<typeof placeBid>;

export const cancelBids = z.strictObject({ product_ids: z.array(z.string().uuid()).min(1).max(300) });
export type CancelBids = z.infer<typeof cancelBids>;

export const bidPlaced = z.object({
  status: z.literal('success'),
  product_id: z.string(),
  bid_value: z.number(),
});
export type BidPlaced = z.infer<typeof bidPlaced>;

/** `error` on `/bidding`: the REST error's code and message (BID_TOO_LOW, BID_NOT_OPEN …). */
export const bidError = z.object({ code: z.string(), message: z.string() });
export type BidError = z.infer<typeof bidError>;

/** A row of my bid history: the stone plus my last bid, the winning bid and whether I won. */
export const bidHistoryRow = stone
  .extend({
    my_current_bid: z.number(),
    current_max_bid: z.number().nullable(),
    last_bid_date: z.string().nullable(),
    is_win: z.boolean(),
  })
  .meta({ id: 'BidHistoryRow' });
export type BidHistoryRow = z.infer<typeof bidHistoryRow>;

const bidHistoryAnswer = z.object({ bids: z.array(bidHistoryRow), count: z.number().int() });

export const newArrivalBidHistory = route({
  method: 'GET',
  path: '/store/customers/me/bid-history',
  summary: 'My bids on new arrivals in closed rounds, newest first, with whether each won',
  tag: 'bidding',
  auth: true,
  status: 200,
  response: bidHistoryAnswer,
});

export const roundClosed = z.object({
  /** Stones awarded to their highest bidder. */
  awarded: z.number().int(),
  /** Stones that had bids but could not be sold (sold or reserved meanwhile). */
  unsold: z.number().int(),
  /** The end of the round that opened next. */
  next_end_time: z.string(),
});

/** `npm run admin -- bids close-round`: closes the current round now, awarding as at its end. */
export const closeBidRound = route({
  method: 'POST',
  path: '/operator/bids/close-round',
  summary: 'Close the current new-arrivals round now, award its stones and open the next (operator)',
  tag: 'operator',
  auth: 'operator',
  status: 200,
  response: roundClosed,
});
