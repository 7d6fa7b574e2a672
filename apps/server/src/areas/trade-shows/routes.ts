import * as api from '@loupe/contract/trade-shows';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { listMeetingRequests, type MeetingDeps, requestMeeting } from './meeting-requests.ts';
import { cancelTradeShow, createTradeShow, tradeShowFor, tradeShowOut } from './trade-shows.ts';

export type TradeShowRouteDeps = MeetingDeps;

/** The trade show a customer may visit, their meeting requests, and `trade-show create|cancel`. */
export async function tradeShowRoutes(app: FastifyInstance, deps: TradeShowRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, api.getTradeShow, async (request) => {
    const now = clock.now();
    const show = await tradeShowFor(db, sessionOf(request).customerId, now);
    return { trade_show: show ? tradeShowOut(show, now) : null };
  });

  registerRoute(app, api.listMeetingRequests, async (request) => ({
    requests: await listMeetingRequests(db, sessionOf(request).customerId),
  }));

  registerRoute(app, api.requestMeeting, async (request) => ({
    request: await requestMeeting(deps, sessionOf(request).customerId, request.body),
  }));

  registerRoute(app, api.createTradeShow, async (request) => {
    const b = request.body;
    const show = await createTradeShow(db, clock, {
      name: b.name,
      city: b.city,
      startsAt: new Date(b.starts_at),
      endsAt: new Date(b.ends_at),
      flagImage: b.flag_image,
      booth: b.booth,
      location: b.location?.toUpperCase(),
    });
    return { trade_show: tradeShowOut(show, clock.now()) };
  });

  registerRoute(app, api.cancelTradeShow, async (request) => cancelTradeShow(db, request.params.tradeShowId));
}
