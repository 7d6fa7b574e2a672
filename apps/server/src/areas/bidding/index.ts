/**
 * Bidding (decision 021): the daily new-arrivals rounds over the `/bidding` socket and the monthly
 * bid-to-buy event over REST, their bids and awards; the one writer of bid_rounds, bids and
 * bid_log. Stones change status through stones' lifecycle, winners' orders through orders'
 * insertOrder, and every bidder hears of it through notices.
 */

export { type BidCells, type BidSheet, bidCellsFor, bidSheetPrices, type SheetPrice } from './bid-export.ts';
export { type BiddingNamespace, type BiddingService, createBiddingService } from './bidding-service.ts';
export { closeRoundJob } from './close-round.ts';
export { biddingRoutes } from './routes.ts';
