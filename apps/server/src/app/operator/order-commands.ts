import { formatOrderId } from '@loupe/contract/orders';
import { and, eq, inArray } from 'drizzle-orm';
import { createNotice, type NoticeInput } from '../../areas/notices/index.ts';
import { invoiceNumberOf } from '../../areas/orders/index.ts';
import { statusRank } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import {
  customers,
  invoices,
  orderEvents,
  orderItems,
  orders,
  stones,
} from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { formatUsd } from '../../platform/money.ts';
import { holdStones, issueMemo, releaseStones } from './stone-commands.ts';

export const orderUsage = `  stone hold <email> <lot_id...> [--days N | --until <ISO date>]
                                      put stones on hold for a customer (2 days unless told);
                                      separate lot ids by spaces or commas
  stone release <lot_id...>           end a hold, or take stones back from memo
  memo issue <email> <lot_id...> [--days N | --until <ISO date>]
                                      send stones to a customer on memo (due in 14 days unless told)
  order invoice <order id>            invoice an order (order id as buyers quote it, e.g. 000042)
  order ship <order id> [tracking number]
                                      mark an invoiced order shipped
  order deliver <order id>            mark a shipped order delivered
  order cancel <order id> [reason]    cancel an order not yet invoiced; its stones go back to stock`;

type Deps = { db: Database; clock: Clock };
type Tx = Database;

/** Whether `area action` is one of the commands below. */
export function isOrderCommand(area: string | undefined, action: string | undefined): boolean {
  return (
    (area === 'stone' && (action === 'hold' || action === 'release')) ||
    (area === 'memo' && action === 'issue') ||
    (area === 'order' && ['invoice', 'ship', 'deliver', 'cancel'].includes(action ?? ''))
  );
}

/**
 * The sales team's side of holds, memos and orders. Each command changes the stones or the order
 * and writes the customer's notice in one transaction, after checking every stone or the order is
 * in a state that allows it: a wrong state changes nothing. Holds and memos are in
 * stone-commands.ts; the order's life after confirmation (invoice, ship, deliver, cancel) is here.
 */
export async function runOrderCommand(
  deps: Deps,
  area: string,
  action: string,
  rest: string[],
): Promise<string> {
  if (area === 'stone' && action === 'hold') return holdStones(deps, rest);
  if (area === 'stone' && action === 'release') return releaseStones(deps, rest);
  if (area === 'memo' && action === 'issue') return issueMemo(deps, rest);
  if (area === 'order' && action === 'invoice') return invoiceOrder(deps, rest);
  if (area === 'order' && action === 'ship') return shipOrder(deps, rest);
  if (area === 'order' && action === 'deliver') return deliverOrder(deps, rest);
  if (area === 'order' && action === 'cancel') return cancelOrder(deps, rest);
  throw new AppError('VALIDATION_FAILED', `Unknown command: ${[area, action, ...rest].join(' ')}`);
}

type OrderRow = typeof orders.$inferSelect;

/** The order id as buyers quote it ("000042", "42", "#42") or its uuid; locked for the transaction. */
async function lockOrder(tx: Tx, given: string | undefined, usage: string): Promise<OrderRow> {
  const text = given?.trim().replace(/^#/, '') ?? '';
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
  if (!uuid && !/^\d{1,9}$/.test(text)) {
    throw new AppError('VALIDATION_FAILED', `Name the order by its id, e.g. 000042: ${usage}`);
  }
  const [order] = await tx
    .select()
    .from(orders)
    .where(uuid ? eq(orders.id, text.toLowerCase()) : eq(orders.displayId, Number(text)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', `No order ${given}.`);
  return order;
}

function orderName(order: OrderRow): string {
  return `order ${formatOrderId(order.displayId)}`;
}

function orderSummary(order: OrderRow): string {
  const stonesText = order.stoneCount === 1 ? '1 stone' : `${order.stoneCount} stones`;
  return `${stonesText}, ${order.totalCarats.toFixed(2)} ct, ${formatUsd(order.totalAmount)}`;
}

async function customerEmail(tx: Tx, customerId: string): Promise<string> {
  const [c] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return c?.email ?? customerId;
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

/**
 * One step of an order's life as the sales team records it: the order's new state, its event in
 * the history, and the buyer's notice, in the caller's transaction.
 */
async function moveOrder(
  tx: Tx,
  clock: Clock,
  order: OrderRow,
  step: {
    set: Partial<typeof orders.$inferInsert>;
    event: (typeof orderEvents.$inferInsert)['event'];
    note: string | null;
    notice: Omit<NoticeInput, 'customerId'>;
  },
) {
  const now = clock.now();
  await tx
    .update(orders)
    .set({ ...step.set, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, event: step.event, note: step.note, createdAt: now });
  await createNotice(tx, clock, { customerId: order.customerId, ...step.notice });
}

async function invoiceOrder({ db, clock }: Deps, rest: string[]): Promise<string> {
  const usage = 'order invoice <order id>';
  if (rest.length !== 1) throw new AppError('VALIDATION_FAILED', `Name one order: ${usage}`);
  const now = clock.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const order = await lockOrder(tx, rest[0], usage);
    assertOpen(order);
    const number = invoiceNumberOf(order.displayId);
    if (order.invoiceStatus === 'available') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is already invoiced (${number}). Nothing was changed.`,
      );
    }
    await tx
      .insert(invoices)
      .values({ number, orderId: order.id, customerId: order.customerId, invoicedAt: now });
    await moveOrder(tx, clock, order, {
      // Invoicing settles whatever needed the sales team's action: the order is in transit.
      set: { status: 'pending', invoiceStatus: 'available' },
      event: 'invoiced',
      note: number,
      notice: {
        kind: 'order_invoiced',
        title: 'Invoice ready',
        message: `The invoice ${number} for your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) is ready.`,
        targetPage: 'your-orders:activeInvoices',
      },
    });
    return `${orderName(order)} of ${await customerEmail(tx, order.customerId)} invoiced: ${number}.`;
  });
}

async function shipOrder({ db, clock }: Deps, rest: string[]): Promise<string> {
  const usage = 'order ship <order id> [tracking number]';
  if (rest.length < 1 || rest.length > 2) throw new AppError('VALIDATION_FAILED', `Name one order: ${usage}`);
  const tracking = rest[1]?.trim() || null;
  if (tracking && (tracking.length > 100 || /\s/.test(tracking))) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Give the tracking number as one word of at most 100 characters.',
    );
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const order = await lockOrder(tx, rest[0], usage);
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
    await moveOrder(tx, clock, order, {
      set: { fulfillmentStatus: 'shipped', trackingNumber: tracking },
      event: 'shipped',
      note: tracking,
      notice: {
        kind: 'order_shipped',
        title: 'Order shipped',
        message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) is on its way.${tracking ? ` Tracking number: ${tracking}.` : ''}`,
        targetPage: 'your-orders:activeInvoices',
      },
    });
    return `${orderName(order)} of ${await customerEmail(tx, order.customerId)} shipped${tracking ? ` (tracking ${tracking})` : ''}.`;
  });
}

async function deliverOrder({ db, clock }: Deps, rest: string[]): Promise<string> {
  const usage = 'order deliver <order id>';
  if (rest.length !== 1) throw new AppError('VALIDATION_FAILED', `Name one order: ${usage}`);
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const order = await lockOrder(tx, rest[0], usage);
    assertOpen(order);
    if (order.fulfillmentStatus !== 'shipped') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is not shipped yet; ship it first. Nothing was changed.`,
      );
    }
    await moveOrder(tx, clock, order, {
      set: { status: 'completed', fulfillmentStatus: 'delivered' },
      event: 'delivered',
      note: null,
      notice: {
        kind: 'order_delivered',
        title: 'Order delivered',
        message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) was delivered.`,
        targetPage: 'your-orders:invoicesHistory',
      },
    });
    return `${orderName(order)} of ${await customerEmail(tx, order.customerId)} delivered.`;
  });
}

async function cancelOrder({ db, clock }: Deps, rest: string[]): Promise<string> {
  const usage = 'order cancel <order id> [reason]';
  if (rest.length < 1) throw new AppError('VALIDATION_FAILED', `Name one order: ${usage}`);
  const reason = rest.slice(1).join(' ').trim();
  if (reason.length > 500) throw new AppError('VALIDATION_FAILED', 'Keep the reason under 500 characters.');
  const now = clock.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const order = await lockOrder(tx, rest[0], usage);
    assertOpen(order);
    // An invoiced order is the accounts' business from then on (a credit note), and a canceled
    // one with an invoice would belong in none of the buyer's order tabs.
    if (order.invoiceStatus === 'available') {
      throw new AppError(
        'CONFLICT',
        `${orderName(order)} is invoiced already; cancel its invoice with a credit note in accounts instead. Nothing was changed.`,
      );
    }
    const items = await tx
      .update(orderItems)
      .set({ live: false })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.live, true)))
      .returning({ stoneId: orderItems.stoneId });
    if (items.length > 0) {
      await tx
        .update(stones)
        .set({ status: statusRank('Available'), reservedFor: null, reservedUntil: null, updatedAt: now })
        .where(
          and(
            inArray(
              stones.id,
              items.map((i) => i.stoneId),
            ),
            eq(stones.status, statusRank('Sold')),
          ),
        );
    }
    await moveOrder(tx, clock, order, {
      set: { status: 'canceled' },
      event: 'canceled',
      note: reason || null,
      notice: {
        kind: 'order_canceled',
        title: 'Order canceled',
        message: `Your order ${formatOrderId(order.displayId)} (${orderSummary(order)}) was canceled.${reason ? ` Reason: ${reason}` : ''} Your KAM will contact you.`,
        // Canceled orders show under Pending, as "Failed".
        targetPage: 'your-orders:pendingInvoices',
      },
    });
    return `${orderName(order)} of ${await customerEmail(tx, order.customerId)} canceled; ${items.length === 1 ? '1 stone' : `${items.length} stones`} back in stock.`;
  });
}
