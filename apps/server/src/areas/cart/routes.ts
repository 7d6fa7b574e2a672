import * as cartApi from '@loupe/contract/cart';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { addToCart } from './add-to-cart.ts';
import { getCart } from './get-cart.ts';
import { removeFromCart } from './remove-from-cart.ts';

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
    getCart(db, clock.now(), sessionOf(request).customerId, request.query),
  );

  registerRoute(app, cartApi.removeFromCart, async (request) =>
    removeFromCart(db, sessionOf(request).customerId, request.body.items),
  );
}
