import { formatOrderId, type Order } from '@loupe/contract/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { customers, invoices, orderItems, orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { round2 } from '../stones/index.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';
import { type Expand, selectOrders, toOrders } from './list-orders.ts';

/** `GET /store/orders/:orderId`: one of the customer's orders; anyone else's is not found. */
export async function getCustomerOrder(
  db: Database,
  customerId: string,
  orderId: string,
  expand: Expand,
): Promise<Order> {
  const rows = await selectOrders(db)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'We could not find this order.');
  const [order] = await toOrders(db, rows, expand);
  return order!;
}

/** What the buyer paid for one stone of an order. */
export interface PaidPrice {
  rapPerCarat: number;
  discount: number;
  pricePerCarat: number;
  amount: number;
  rapValue: number;
}

/**
 * The stones of one of the customer's orders (by stock number) with the prices paid, for the
 * order's Download Excel; anyone else's order is not found.
 */
export async function paidStonesOf(db: Database, customerId: string, orderId: string) {
  const [order] = await db
    .select({ displayId: orders.displayId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'We could not find this order.');
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.lotId), asc(orderItems.id));
  const paid = new Map<string, PaidPrice>(
    items.map((item) => [
      item.stoneId,
      {
        rapPerCarat: item.rapPerCarat,
        discount: item.discount,
        pricePerCarat: item.pricePerCarat,
        amount: item.amount,
        rapValue: round2(item.rapPerCarat * item.carats),
      },
    ]),
  );
  return { displayId: order.displayId, stoneIds: items.map((item) => item.stoneId), paid };
}

/**
 * Everything the invoice PDF shows, for one of the customer's invoices (named by the invoice's id,
 * which the order carries); anyone else's invoice is not found.
 */
export async function invoiceDocumentOf(
  db: Database,
  customerId: string,
  invoiceId: string,
): Promise<InvoiceDocument> {
  const [found] = await db
    .select({ invoice: invoices, order: orders, customer: customers })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.customerId, customerId),
        eq(orders.customerId, customerId),
        eq(orders.invoiceStatus, 'available'),
      ),
    )
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'We could not find this invoice.');
  const { invoice, order, customer } = found;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.lotId), asc(orderItems.id));
  const place = [customer.city, customer.country ?? customer.countryIso2Code]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    number: invoice.number,
    invoicedAt: invoice.invoicedAt,
    order: {
      displayId: formatOrderId(order.displayId),
      createdAt: order.createdAt,
      comment: order.comment,
      totalCarats: order.totalCarats,
      totalAmount: order.totalAmount,
    },
    billTo: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      company: customer.companyName,
      email: customer.email,
      phone: `+${customer.countryCode} ${customer.phone}`,
      place: place || null,
    },
    items: items.map((item) => ({
      lotId: item.lotId,
      stone: item.stone,
      carats: item.carats,
      pricePerCarat: item.pricePerCarat,
      discount: item.discount,
      amount: item.amount,
    })),
  };
}
