import * as stockApi from '@loupe/contract/tracking';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { trackEvent } from './track-events.ts';

export async function trackingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;

  registerRoute(app, stockApi.trackShare, async (request) => {
    const { channel, stone_ids, attributes, page } = request.body;
    await trackEvent(db, clock, sessionOf(request).customerId, 'share', {
      channel,
      stone_ids,
      attributes,
      page: page ?? null,
    });
  });

  registerRoute(app, stockApi.trackCopyUrl, async (request) => {
    await trackEvent(db, clock, sessionOf(request).customerId, 'copy_url', { url: request.params.url });
  });
}
