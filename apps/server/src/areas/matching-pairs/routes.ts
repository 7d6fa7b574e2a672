import * as pairsApi from '@loupe/contract/matching-pairs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { StoneIndex } from '../search/index.ts';
import { stockViewerOf } from '../stones/index.ts';
import { findPairs, showPairs } from './find-pairs.ts';
import { PairIndex } from './pair-index.ts';
import { defaultPairSettings, getPairSettings, savePairSettings } from './pair-settings.ts';
import { findSimilarStones } from './similar-stones.ts';

export interface MatchingPairRouteDeps {
  db: Database;
  clock: Clock;
  /** The search's index: the filtered pool from memory when it can answer (decision 023). */
  stoneIndex?: StoneIndex;
}

/** Matching pairs: the customer's settings, the pairs within the search form's filters, similar stones. */
export async function matchingPairRoutes(app: FastifyInstance, deps: MatchingPairRouteDeps) {
  const { db, clock } = deps;
  const pairIndex = new PairIndex();
  const viewerOf = (request: FastifyRequest) => stockViewerOf(sessionOf(request));

  registerRoute(app, pairsApi.getPairSettings, async (request) => ({
    setting:
      request.query.action === 'reset'
        ? defaultPairSettings()
        : await getPairSettings(db, sessionOf(request).customerId),
  }));

  registerRoute(app, pairsApi.savePairSettings, async (request) => ({
    setting: await savePairSettings(db, clock, sessionOf(request).customerId, request.body.setting),
  }));

  registerRoute(app, pairsApi.findPairs, async (request) => {
    const viewer = viewerOf(request);
    const settings = await getPairSettings(db, viewer.customerId);
    const picked = await findPairs(db, { pairs: pairIndex, stones: deps.stoneIndex }, viewer, {
      filters: request.query.filters,
      settings,
      now: clock.now(),
      gemtracOnly: request.query.gemtrac === 'true',
    });
    const { offset, limit } = request.query;
    return {
      count: picked.length,
      pairs: await showPairs(db, viewer, picked.slice(offset, offset + limit), settings),
    };
  });

  registerRoute(app, pairsApi.findSimilarStones, async (request) => ({
    products: await findSimilarStones(db, viewerOf(request), request.query),
  }));
}
