import * as searchApi from '@loupe/contract/search';
import * as stoneDetailApi from '@loupe/contract/stone-detail';
import * as textSearchApi from '@loupe/contract/text-search';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { findStonesByLot, listStones } from '../stone-detail/find-stones.ts';
import { getStoneTraceability } from '../stone-detail/traceability.ts';
import { getStockViewer } from '../stones/stock-access.ts';
import { textSearch } from '../text-search/text-search.ts';
import { addDemand } from './add-demand.ts';
import { FacetCache } from './count-facets.ts';
import { searchStones } from './search-stones.ts';

export async function stockRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, messenger, config } = deps;
  const facetCache = new FacetCache(clock);
  const viewerOf = (request: Parameters<typeof sessionOf>[0]) =>
    getStockViewer(db, sessionOf(request).customerId);

  registerRoute(app, searchApi.searchStones, async (request) =>
    searchStones(db, await viewerOf(request), request.body, {
      now: clock.now(),
      gemtracOnly: request.query.gemtrac === 'true',
      facetCache,
    }),
  );

  registerRoute(app, stoneDetailApi.findStonesByLot, async (request) => ({
    stones: await findStonesByLot(db, await viewerOf(request), request.body.stones, {
      location: request.query.location,
      usaEvent: request.query.usa_event === 'true',
    }),
  }));

  registerRoute(app, searchApi.listStones, async (request) =>
    listStones(db, await viewerOf(request), request.query, clock.now()),
  );

  registerRoute(app, textSearchApi.textSearch, async (request) =>
    textSearch(db, clock, await viewerOf(request), request.body),
  );

  registerRoute(app, stoneDetailApi.getTraceability, async (request) =>
    getStoneTraceability(db, request.query.key),
  );

  registerRoute(app, searchApi.addDemand, async (request) => ({
    demand_id: await addDemand(db, clock, messenger, config, await viewerOf(request), request.body),
  }));
}
