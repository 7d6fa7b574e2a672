import * as tourApi from '@loupe/contract/tour';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { getTourGuide, updateTourGuide } from './tour-guide.ts';

export interface TourRouteDeps {
  db: Database;
  clock: Clock;
}

export async function tourRoutes(app: FastifyInstance, deps: TourRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, tourApi.getTourGuide, async (request) =>
    getTourGuide(db, sessionOf(request).customerId),
  );

  registerRoute(app, tourApi.updateTourGuide, async (request) =>
    updateTourGuide(db, clock, sessionOf(request).customerId, request.query.module, request.body),
  );
}
