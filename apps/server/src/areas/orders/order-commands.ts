import { formatOrderId } from '@loupe/contract/orders';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { formatUsd } from '../../platform/money.ts';
import { createNotice, type NoticeInput } from '../notices/index.ts';
import { returnSoldToStock } from '../stones/index.ts';
import { invoiceNumberOf } from './numbers.ts';
import {
  lockOrder,
  type OrderRow,
  orderName,
  recordCancellation,
  recordDelivery,
  recordInvoice,
  recordShipment,
} from './order-steps.ts';

/**
 * The sales team moves an order on after its confirmation: invoice, ship, deliver, cancel. Each
 * checks the order is in a state that allows the step (a wrong state changes nothing), and writes
 * the step and the buyer's notice in one transaction.
 */

export interface OrderStepDone {
  /** The order id as buyers quote it, e.g. "000042". */
  order_id: string;
  customer_email: string;
}

function orderSummary(order: OrderRow): string {
  const stonesText = order.stoneCount === 1 ? '1 stone' : `${order.stoneCount} stones`;
  return `${stonesText}, ${order.totalCarats.toFixed(2)} ct, ${formatUsd(order.totalAmount)}`;
}

async function done(tx: Tx, order: OrderRow): Promise<OrderStepDone> {
  const [c] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  return { order_id: formatOrderId(order.displayId), customer_email: c?.email ?? order.customerId };
}

function tellBuyer(tx: Tx, clock: Clock, order: OrderRow, notice: Omit<NoticeInput, 'customerId'>) {
  return createNotice(tx, clock, { customerId: order.customerId, ...notice });
}

/** Refuses an order whose life has ended. */
function assertOpen(order: OrderRow) {
  if (order.status === 'canceled') {
    throw new AppError('CONFLICT', `${orderName(order)} is canceled. Nothing was changed.`);
  }
  if (order.status === 'completed') {
    throw new AppError('CONFLICT', `${orderName(order)} is already delivered. Nothing was changed.`);
  }
}

export async function invoiceOrder(db: Database, clock: Clock, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertOpen(order);
    if (order.invoiceStatus === 'available') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is already invoiced (${invoiceNumberOf(order.displayId)}). Nothing was changed.`,
      );
    }
    const number = await recordInvoice(tx, order, clock.now());
    await tellBuyer(tx, clock, order, {
      kind: 'order_invoiced',
      title: 'Invoice ready',
      message: `The invoice ${number} for your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) is ready.`,
      targetPage: 'your-orders:activeInvoices',
    });
    return { ...(await done(tx, order)), invoice_number: number };
  });
}

export async function shipOrder(db: Database, clock: Clock, orderId: string, trackingNumber: string | null) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertOpen(order);
    if (order.invoiceStatus !== 'available') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is not invoiced yet; invoice it first. Nothing was changed.`,
      );
    }
    if (order.fulfillmentStatus !== 'not_shipped') {
      throw new AppError('CONFLICT', `${orderName(order)} is already shipped. Nothing was changed.`);
    }
    await recordShipment(tx, order, trackingNumber, clock.now());
    await tellBuyer(tx, clock, order, {
      kind: 'order_shipped',
      title: 'Order shipped',
      message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) is on its way.${trackingNumber ? ` Tracking number: ${trackingNumber}.` : ''}`,
      targetPage: 'your-orders:activeInvoices',
    });
    return { ...(await done(tx, order)), tracking_number: trackingNumber };
  });
}

export async function deliverOrder(db: Database, clock: Clock, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertOpen(order);
    if (order.fulfillmentStatus !== 'shipped') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is not shipped yet; ship it first. Nothing was changed.`,
      );
    }
    await recordDelivery(tx, order, clock.now());
    await tellBuyer(tx, clock, order, {
      kind: 'order_delivered',
      title: 'Order delivered',
      message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) was delivered.`,
      targetPage: 'your-orders:invoicesHistory',
    });
    return done(tx, order);
  });
}

/** Cancels an order not yet invoiced; its stones go back to stock. */
export async function cancelOrder(db: Database, clock: Clock, orderId: string, reason: string | null) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertOpen(order);
    // An invoiced order is the accounts' business from then on (a credit note), and a canceled
    // one with an invoice would belong in none of the buyer's order tabs.
    if (order.invoiceStatus === 'available') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is invoiced already; cancel its invoice with a credit note in accounts instead. Nothing was changed.`,
      );
    }
    const stoneIds = await recordCancellation(tx, order, reason, now);
    await returnSoldToStock(tx, stoneIds, now);
    await tellBuyer(tx, clock, order, {
      kind: 'order_canceled',
      title: 'Order canceled',
      message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) was canceled.${reason ? ` Reason: ${reason}` : ''} Your KAM will contact you.`,
      // Canceled orders show under Pending, as "Failed".
      targetPage: 'your-orders:pendingInvoices',
    });
    return { ...(await done(tx, order)), stones_back_in_stock: stoneIds.length };
  });
}
