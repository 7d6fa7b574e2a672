import { RESERVATION_LIMITS } from '@loupe/contract/cart';
import * as ordersApi from '@loupe/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { reservationEnd } from '../cart/index.ts';
import { stockViewerOf } from '../stones/index.ts';
import { getCustomerOrder, invoiceDocumentOf } from './get-order.ts';
import { listCustomerOrders } from './list-orders.ts';
import { issueMemo, releaseStones } from './memo-commands.ts';
import { listCustomerMemoOrders } from './memo-orders.ts';
import { cancelOrder, deliverOrder, invoiceOrder, shipOrder } from './order-commands.ts';

export interface OrderRouteDeps {
  db: Database;
  clock: Clock;
}

export async function orderRoutes(app: FastifyInstance, deps: OrderRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, ordersApi.listOrders, async (request) =>
    listCustomerOrders(db, sessionOf(request).customerId, request.query),
  );

  registerRoute(app, ordersApi.getOrder, async (request) => ({
    order: await getCustomerOrder(
      db,
      sessionOf(request).customerId,
      request.params.orderId,
      request.query.expand,
    ),
  }));

  registerRoute(app, ordersApi.listMemoOrders, async (request) =>
    listCustomerMemoOrders(db, stockViewerOf(sessionOf(request)), request.query),
  );

  registerRoute(app, ordersApi.getInvoice, async (request, reply) => {
    const invoice = await invoiceDocumentOf(db, sessionOf(request).customerId, request.params.invoiceId);
    // pdfkit is slow to load: the server loads it on the first invoice, not at start.
    const { renderInvoice } = await import('./invoice-pdf.ts');
    const file = await renderInvoice(invoice);
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      // An invoice holds prices and the buyer's details: never kept by a shared cache.
      .header('cache-control', 'private, no-store');
    return file;
  });

  registerRoute(app, ordersApi.invoiceOrder, async (request) =>
    invoiceOrder(db, clock, request.params.orderId),
  );

  registerRoute(app, ordersApi.shipOrder, async (request) =>
    shipOrder(db, clock, request.params.orderId, request.body.tracking_number ?? null),
  );

  registerRoute(app, ordersApi.deliverOrder, async (request) =>
    deliverOrder(db, clock, request.params.orderId),
  );

  registerRoute(app, ordersApi.cancelOrder, async (request) =>
    cancelOrder(db, clock, request.params.orderId, request.body.reason || null),
  );

  registerRoute(app, ordersApi.issueMemo, async (request) => {
    const { email, lot_ids } = request.body;
    const dueAt = reservationEnd(request.body, clock.now(), RESERVATION_LIMITS.defaultMemoDays);
    return issueMemo(db, clock, { email, lots: lot_ids, dueAt });
  });

  registerRoute(app, ordersApi.releaseStones, async (request) =>
    releaseStones(db, clock, request.body.lot_ids),
  );
}
