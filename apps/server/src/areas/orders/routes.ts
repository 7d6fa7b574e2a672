import * as ordersApi from '@loupe/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { getStockViewer } from '../stones/index.ts';
import { getCustomerOrder, invoiceDocumentOf } from './get-order.ts';
import { listCustomerOrders } from './list-orders.ts';
import { listCustomerMemoOrders } from './memo-orders.ts';

export interface OrderRouteDeps {
  db: Database;
}

export async function orderRoutes(app: FastifyInstance, deps: OrderRouteDeps) {
  const { db } = deps;

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

  registerRoute(app, ordersApi.listMemoOrders, async (request) => {
    const viewer = await getStockViewer(db, sessionOf(request).customerId);
    return listCustomerMemoOrders(db, viewer.customerId, viewer.kycApproved, request.query);
  });

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
}
