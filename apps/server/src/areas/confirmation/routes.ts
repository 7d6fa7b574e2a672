import * as confirmationApi from '@loupe/contract/confirmation';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { confirmStones } from './confirm-stones.ts';
import { confirmTimeCheck } from './confirm-time-check.ts';

/** Confirming stones: the check before the confirm screen, and the confirmation into an order. */
export async function confirmRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, messenger, config } = deps;

  registerRoute(app, confirmationApi.confirmTimeCheck, async (request) =>
    confirmTimeCheck(db, clock, sessionOf(request).customerId, request.body.variants),
  );

  registerRoute(app, confirmationApi.confirmStones, async (request) =>
    confirmStones({ db, clock, messenger, config, log: request.log }, sessionOf(request).customerId, {
      variants: request.body.variants,
      comments: request.body.comments,
      requestPage: request.query.request_page,
    }),
  );
}
