import { formatOrderId } from '@loupe/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { invoices, orderEvents, orderItems, orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { invoiceNumberOf } from './numbers.ts';

/**
 * The steps of an order's life after its confirmation, as rows: its state, its history event and
 * its invoice. Each runs in the caller's transaction at the time given; the sales team's commands
 * (order-commands.ts) check that a step is allowed and tell the buyer, the test and demo factory
 * write past orders with the same steps.
 */

export type OrderRow = typeof orders.$inferSelect;
type OrderEvent = (typeof orderEvents.$inferInsert)['event'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text names an order: its id as buyers quote it ("000042", "42", "#42") or its uuid. */
export function isOrderReference(given: string): boolean {
  const text = given.trim().replace(/^#/, '');
  return UUID.test(text) || /^\d{1,9}$/.test(text);
}

/** The order named as buyers quote it or by its uuid, locked for the transaction. */
export async function lockOrder(tx: Tx, given: string): Promise<OrderRow> {
  const text = given.trim().replace(/^#/, '');
  if (!isOrderReference(text)) {
    throw new AppError('VALIDATION_FAILED', `Name the order by its id, e.g. 000042, not "${given}".`);
  }
  const [order] = await tx
    .select()
    .from(orders)
    .where(UUID.test(text) ? eq(orders.id, text.toLowerCase()) : eq(orders.displayId, Number(text)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', `No order ${given}.`);
  return order;
}

async function moveOrder(
  tx: Tx,
  order: OrderRow,
  step: { set: Partial<typeof orders.$inferInsert>; event: OrderEvent; note: string | null; at: Date },
) {
  await tx
    .update(orders)
    .set({ ...step.set, updatedAt: step.at })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, event: step.event, note: step.note, createdAt: step.at });
}

/** Invoiced: the invoice (LD-INV-<order id>) and the order in transit; answers the invoice number. */
export async function recordInvoice(tx: Tx, order: OrderRow, at: Date): Promise<string> {
  const number = invoiceNumberOf(order.displayId);
  await tx
    .insert(invoices)
    .values({ number, orderId: order.id, customerId: order.customerId, invoicedAt: at });
  // Invoicing settles whatever needed the sales team's action: the order is in transit.
  await moveOrder(tx, order, {
    set: { status: 'pending', invoiceStatus: 'available' },
    event: 'invoiced',
    note: number,
    at,
  });
  return number;
}

export async function recordShipment(tx: Tx, order: OrderRow, trackingNumber: string | null, at: Date) {
  await moveOrder(tx, order, {
    set: { fulfillmentStatus: 'shipped', trackingNumber },
    event: 'shipped',
    note: trackingNumber,
    at,
  });
}

export async function recordDelivery(tx: Tx, order: OrderRow, at: Date) {
  await moveOrder(tx, order, {
    set: { status: 'completed', fulfillmentStatus: 'delivered' },
    event: 'delivered',
    note: null,
    at,
  });
}

/**
 * Canceled: the order's items are no longer live (their stones may be sold again); answers those
 * stones, which the caller returns to stock.
 */
export async function recordCancellation(tx: Tx, order: OrderRow, reason: string | null, at: Date) {
  const items = await tx
    .update(orderItems)
    .set({ live: false })
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.live, true)))
    .returning({ stoneId: orderItems.stoneId });
  await moveOrder(tx, order, { set: { status: 'canceled' }, event: 'canceled', note: reason, at });
  return items.map((item) => item.stoneId);
}

/** The order waits for the sales team (a question about the stones or the shipment). */
export async function recordNeedsAction(tx: Tx, order: OrderRow, at: Date) {
  await tx.update(orders).set({ status: 'requires_action', updatedAt: at }).where(eq(orders.id, order.id));
}

/** "order 000042", as the sales team's messages name an order. */
export function orderName(order: Pick<OrderRow, 'displayId'>): string {
  return `order ${formatOrderId(order.displayId)}`;
}
