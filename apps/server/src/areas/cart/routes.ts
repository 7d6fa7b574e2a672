import * as cartApi from '@loupe/contract/cart';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { stockViewerOf } from '../stones/index.ts';
import { addToCart } from './add-to-cart.ts';
import { removeCartItems } from './cart-rows.ts';
import { getCart } from './get-cart.ts';
import { holdStonesForCustomer, reservationEnd } from './hold-stones.ts';

export interface CartRouteDeps {
  db: Database;
  clock: Clock;
}

export async function cartRoutes(app: FastifyInstance, deps: CartRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, cartApi.addToCart, async (request) =>
    addToCart(db, clock, sessionOf(request).customerId, request.body.variants),
  );

  registerRoute(app, cartApi.getCart, async (request) =>
    getCart(db, clock.now(), stockViewerOf(sessionOf(request)), request.query),
  );

  registerRoute(app, cartApi.removeFromCart, async (request) =>
    removeCartItems(db, sessionOf(request).customerId, request.body.items),
  );

  registerRoute(app, cartApi.holdStones, async (request) => {
    const { email, lot_ids } = request.body;
    const until = reservationEnd(request.body, clock.now(), cartApi.RESERVATION_LIMITS.defaultHoldDays);
    return holdStonesForCustomer(db, clock, { email, lots: lot_ids, until });
  });
}
