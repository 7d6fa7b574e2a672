import * as trackingApi from '@loupe/contract/tracking';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { recordFunnelStep, trackEvent } from './track-events.ts';

export interface TrackingRouteDeps {
  db: Database;
  clock: Clock;
}

export async function trackingRoutes(app: FastifyInstance, deps: TrackingRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, trackingApi.trackShare, async (request) => {
    const { channel, stone_ids, attributes, page } = request.body;
    await trackEvent(db, clock, sessionOf(request).customerId, 'share', {
      channel,
      stone_ids,
      attributes,
      page: page ?? null,
    });
  });

  registerRoute(app, trackingApi.trackCopyUrl, async (request) => {
    await trackEvent(db, clock, sessionOf(request).customerId, 'copy_url', { url: request.params.url });
  });

  registerRoute(app, trackingApi.registrationFunnel, async (request) => {
    await recordFunnelStep(db, clock, request.query);
  });
}
