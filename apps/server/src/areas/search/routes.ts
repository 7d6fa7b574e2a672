import * as searchApi from '@loupe/contract/search';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { StoneRowCache, stockViewerOf } from '../stones/index.ts';
import { addDemand } from './add-demand.ts';
import { FacetCache } from './count-facets.ts';
import { listStones, searchStones } from './search-stones.ts';
import type { StoneIndex } from './stone-index.ts';

export interface SearchRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  /** Gets the demands of customers without a KAM. */
  salesDeskEmail: string;
  /** The in-process index searches use when it can answer (decision 023); SQL without it. */
  index?: StoneIndex;
}

/** The stock search: the filter form with its counts, the plain listing, and demands. */
export async function searchRoutes(app: FastifyInstance, deps: SearchRouteDeps) {
  const { db, clock } = deps;
  const facetCache = new FacetCache(db, clock);
  const { index } = deps;
  const rowCache = new StoneRowCache();
  const viewerOf = (request: FastifyRequest) => stockViewerOf(sessionOf(request));

  registerRoute(
    app,
    searchApi.searchStones,
    async (request) =>
      searchStones(db, viewerOf(request), request.body, {
        now: clock.now(),
        gemtracOnly: request.query.gemtrac === 'true',
        facetCache,
        index,
        rowCache,
      }),
    { answerAsBuilt: true },
  );

  registerRoute(
    app,
    searchApi.listStones,
    async (request) => listStones(db, viewerOf(request), request.query, clock.now(), { index, rowCache }),
    { answerAsBuilt: true },
  );

  registerRoute(app, searchApi.addDemand, async (request) => ({
    demand_id: await addDemand(
      db,
      clock,
      deps.messenger,
      deps.salesDeskEmail,
      viewerOf(request),
      request.body,
    ),
  }));
}
