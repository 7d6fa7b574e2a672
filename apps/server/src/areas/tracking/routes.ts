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

  registerRoute(
    app,
    trackingApi.registrationFunnel,
    async (request) => {
      await recordFunnelStep(db, clock, request.query);
    },
    { rateLimit: ANONYMOUS_TRACKING_LIMIT },
  );

  // Anonymous: the event's name and time, never who or from where (no IP, no session).
  registerRoute(
    app,
    trackingApi.eventTrack,
    async (request) => {
      await trackEvent(db, clock, null, request.params.event, {});
    },
    { rateLimit: ANONYMOUS_TRACKING_LIMIT },
  );

  registerRoute(
    app,
    trackingApi.logTimeSpent,
    async (request) => {
      const { page, seconds } = request.body;
      await trackEvent(db, clock, sessionOf(request).customerId, 'time_spent', { page, seconds });
    },
    { rateLimit: TIME_SPENT_LIMIT },
  );
}

/** A page sends a handful of these a minute; more is a script, refused with 429. */
export const ANONYMOUS_TRACKING_LIMIT = { max: 60, timeWindow: 60_000 } as const;
/** One per page left: a buyer moving quickly through stones stays well under it. */
export const TIME_SPENT_LIMIT = { max: 120, timeWindow: 60_000 } as const;
