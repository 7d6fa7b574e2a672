import * as confirmationApi from '@loupe/contract/confirmation';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { confirmStones } from './confirm-stones.ts';
import { confirmTimeCheck } from './confirm-time-check.ts';

/** Confirming stones: the check before the confirm screen, and the confirmation into an order. */
export interface ConfirmationRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  /** Hears of confirmations by customers without a KAM. */
  salesDeskEmail: string;
}

export async function confirmationRoutes(app: FastifyInstance, deps: ConfirmationRouteDeps) {
  const { db, clock, messenger, salesDeskEmail } = deps;

  registerRoute(app, confirmationApi.confirmTimeCheck, async (request) =>
    confirmTimeCheck(db, clock, sessionOf(request).customerId, request.body.variants),
  );

  registerRoute(app, confirmationApi.confirmStones, async (request) =>
    confirmStones({ db, clock, messenger, salesDeskEmail }, sessionOf(request).customerId, {
      variants: request.body.variants,
      comments: request.body.comments,
      requestPage: request.query.request_page,
    }),
  );
}
