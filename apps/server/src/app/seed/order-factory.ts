import type { CONFIRM_REQUEST_PAGES } from '@loupe/contract/confirmation';
import { formatOrderId, type OrderStatus } from '@loupe/contract/orders';
import { and, eq, inArray } from 'drizzle-orm';
import { insertOrder, invoiceNumberOf, memoNumberOf } from '../../areas/orders/index.ts';
import { type StoneRow, statusRank } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import {
  cartItems,
  invoices,
  memoOrderItems,
  memoOrders,
  orderEvents,
  orderItems,
  orders,
  stones,
} from '../../platform/db/schema/index.ts';

export { invoiceNumberOf, memoNumberOf };

/**
 * Orders and memo orders for tests and the demo seed, written as the confirmation and the
 * operator commands write them. Deterministic: the same input gives the same rows (ids aside).
 */

const DAY = 86_400_000;

export interface OrderInput {
  customerId: string;
  /** The stones bought, in this order; each must exist and not be in another live order. */
  stoneIds: string[];
  /**
   * The order's status; `completed` means delivered. `canceled` returns the stones to Available
   * and ends the items' hold on them, as a cancellation does.
   */
  status?: OrderStatus;
  /** The sales team invoiced it: an invoices row, invoice_status available. */
  invoiced?: boolean;
  /** Shipped (implies invoiced). */
  shipped?: boolean;
  /** Delivered (implies shipped and invoiced; status completed). */
  delivered?: boolean;
  comment?: string;
  /** When the buyer confirmed; the clock's now unless given. */
  createdAt?: Date;
  requestPage?: (typeof CONFIRM_REQUEST_PAGES)[number];
}

export type OrderEventName = (typeof orderEvents.$inferInsert)['event'];

/** The courier's tracking number a shipped order carries in the factory. */
export function trackingNumberOf(displayId: number): string {
  return `BRK${formatOrderId(displayId)}IN`;
}

async function stonesInOrder(db: Database, stoneIds: string[]): Promise<StoneRow[]> {
  if (stoneIds.length === 0) throw new Error('order factory: an order needs at least one stone');
  const rows = await db.select().from(stones).where(inArray(stones.id, stoneIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return stoneIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`order factory: no stone ${id}`);
    return row;
  });
}

/**
 * An order as a confirmation makes it (stones Sold, items at the stones' prices with a snapshot,
 * totals, a `confirmed` event, the stones out of the buyer's cart), then moved on by the sales
 * team as asked: invoiced, shipped, delivered or canceled, each with its event. Events after the
 * confirmation are spaced a day apart, or closer when the order is more recent than that.
 */
export async function createOrder(db: Database, clock: Clock, input: OrderInput) {
  const now = clock.now();
  const createdAt = input.createdAt ?? now;
  const status: OrderStatus = input.delivered ? 'completed' : (input.status ?? 'pending');
  const delivered = status === 'completed' || input.delivered === true;
  const shipped = delivered || input.shipped === true;
  const invoiced = shipped || input.invoiced === true;
  const canceled = status === 'canceled';

  const span = Math.max(0, now.getTime() - createdAt.getTime());
  const step = Math.max(1, Math.min(DAY, Math.floor(span / 4)));
  const at = (n: number) => new Date(createdAt.getTime() + n * step);

  return db.transaction(async (tx) => {
    const before = await stonesInOrder(tx as unknown as Database, input.stoneIds);
    const sold = await tx
      .update(stones)
      .set({ status: statusRank('Sold'), reservedFor: null, reservedUntil: null, updatedAt: createdAt })
      .where(inArray(stones.id, input.stoneIds))
      .returning();
    const soldById = new Map(sold.map((r) => [r.id, r]));
    const rows = before.map((r) => soldById.get(r.id)!);

    const order = await insertOrder(tx as unknown as Database, {
      customerId: input.customerId,
      stones: rows,
      comment: input.comment ?? '',
      requestPage: input.requestPage ?? 'Searching',
      at: createdAt,
    });
    // The later events, as the sales team moves the order on.
    const events: { event: OrderEventName; note: string | null; createdAt: Date }[] = [];
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, input.customerId), inArray(cartItems.stoneId, input.stoneIds)));

    let invoice: typeof invoices.$inferSelect | null = null;
    let trackingNumber: string | null = null;
    let n = 0;
    if (invoiced) {
      const invoicedAt = at(++n);
      const [row] = await tx
        .insert(invoices)
        .values({
          number: invoiceNumberOf(order.displayId),
          orderId: order.id,
          customerId: input.customerId,
          invoicedAt,
        })
        .returning();
      invoice = row!;
      events.push({ event: 'invoiced', note: invoice.number, createdAt: invoicedAt });
    }
    if (shipped) {
      trackingNumber = trackingNumberOf(order.displayId);
      events.push({ event: 'shipped', note: trackingNumber, createdAt: at(++n) });
    }
    if (delivered) events.push({ event: 'delivered', note: null, createdAt: at(++n) });
    if (canceled) {
      events.push({ event: 'canceled', note: 'Canceled by the sales team.', createdAt: at(++n) });
      await tx.update(orderItems).set({ live: false }).where(eq(orderItems.orderId, order.id));
      await tx
        .update(stones)
        .set({ status: statusRank('Available'), updatedAt: at(n) })
        .where(inArray(stones.id, input.stoneIds));
    }

    if (events.length > 0) {
      await tx.insert(orderEvents).values(events.map((e) => ({ orderId: order.id, ...e })));
    }
    const [final] = await tx
      .update(orders)
      .set({
        status,
        invoiceStatus: invoiced ? 'available' : 'pending',
        fulfillmentStatus: delivered ? 'delivered' : shipped ? 'shipped' : 'not_shipped',
        trackingNumber,
        updatedAt: events.at(-1)?.createdAt ?? createdAt,
      })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: final!, invoice, stones: rows };
  });
}

export interface MemoOrderInput {
  customerId: string;
  stoneIds: string[];
  /** When the stones are due back; also the stones' reserved_until. Null: no due date. */
  dueAt?: Date | null;
  /** When the memo was issued; the clock's now unless given. */
  issuedAt?: Date;
}

/**
 * A memo order as the operator's command issues it: the stones go to Memo, reserved for the
 * customer until the due date, each an `on_memo` item at the stone's amount.
 */
export async function createMemoOrder(db: Database, clock: Clock, input: MemoOrderInput) {
  const issuedAt = input.issuedAt ?? clock.now();
  const dueAt = input.dueAt === undefined ? new Date(issuedAt.getTime() + 14 * DAY) : input.dueAt;
  return db.transaction(async (tx) => {
    const rows = await stonesInOrder(tx as unknown as Database, input.stoneIds);
    await tx
      .update(stones)
      .set({
        status: statusRank('Memo'),
        reservedFor: input.customerId,
        reservedUntil: dueAt,
        updatedAt: issuedAt,
      })
      .where(inArray(stones.id, input.stoneIds));
    const [memo] = await tx
      .insert(memoOrders)
      .values({ customerId: input.customerId, status: 'open', issuedAt, dueAt })
      .returning();
    const items = await tx
      .insert(memoOrderItems)
      .values(
        rows.map((r) => ({
          memoOrderId: memo!.id,
          stoneId: r.id,
          lotId: r.lotId,
          amount: r.amount,
          status: 'on_memo' as const,
        })),
      )
      .returning();
    return { memoOrder: memo!, items };
  });
}
