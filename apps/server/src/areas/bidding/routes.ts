import * as bidToBuyApi from '@loupe/contract/bid-to-buy';
import * as biddingApi from '@loupe/contract/bidding';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { stockViewerOf } from '../stones/index.ts';
import { bidHistory } from './bid-history.ts';
import {
  bidToBuyViewOf,
  cancelBidToBuy,
  closeBidToBuyEvent,
  openBidToBuyEvent,
  placeBidToBuy,
} from './bid-to-buy.ts';
import { closeNewArrivalRoundNow } from './close-round.ts';
import type { NewArrivalDeps } from './new-arrivals.ts';

export type BiddingRouteDeps = NewArrivalDeps;

/** Bid histories and bid to buy (REST; new-arrival bids go over the `/bidding` socket) and the operator's closes. */
export async function biddingRoutes(app: FastifyInstance, deps: BiddingRouteDeps) {
  const { db, clock } = deps;
  const viewerOf = (request: FastifyRequest) => stockViewerOf(sessionOf(request));

  registerRoute(app, biddingApi.newArrivalBidHistory, async (request) =>
    bidHistory(db, viewerOf(request), 'new_arrivals'),
  );
  registerRoute(app, biddingApi.closeBidRound, async () => closeNewArrivalRoundNow(db, clock, deps.closeAt));

  registerRoute(app, bidToBuyApi.getBidToBuy, async (request) =>
    bidToBuyViewOf(deps, viewerOf(request), request.query),
  );
  registerRoute(app, bidToBuyApi.placeBidToBuy, async (request) =>
    placeBidToBuy(deps, viewerOf(request), request.body),
  );
  registerRoute(app, bidToBuyApi.cancelBidToBuy, async (request) => {
    await cancelBidToBuy(deps, viewerOf(request), request.body.product_ids);
  });
  registerRoute(app, bidToBuyApi.bidToBuyHistory, async (request) =>
    bidHistory(db, viewerOf(request), 'bid_to_buy'),
  );
  registerRoute(app, bidToBuyApi.openBidToBuy, async (request) =>
    openBidToBuyEvent(deps, new Date(request.body.ends_at), request.body.stone_count),
  );
  registerRoute(app, bidToBuyApi.closeBidToBuy, async () => closeBidToBuyEvent(deps));
}
