import type { CONFIRM_REQUEST_PAGES } from '@loupe/contract/confirmation';
import { formatOrderId, type OrderStatus } from '@loupe/contract/orders';
import { eq, inArray } from 'drizzle-orm';
import { removeStonesFromCart } from '../../areas/cart/index.ts';
import {
  insertOrder,
  invoiceNumberOf,
  issueMemoOrder,
  lockOrder,
  memoNumberOf,
  recordCancellation,
  recordDelivery,
  recordInvoice,
  recordNeedsAction,
  recordShipment,
} from '../../areas/orders/index.ts';
import { markSold, returnSoldToStock, type StoneRow } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { invoices, stones } from '../../platform/db/schema/index.ts';

export { invoiceNumberOf, memoNumberOf };

/**
 * Orders and memo orders for tests and the demo seed, written by the same steps as the
 * confirmation and the sales team's commands. Deterministic: the same input gives the same rows
 * (ids aside).
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

/** The courier's tracking number a shipped order carries in the factory. */
export function trackingNumberOf(displayId: number): string {
  return `BRK${formatOrderId(displayId)}IN`;
}

async function stonesInOrder(db: Executor, stoneIds: string[]): Promise<StoneRow[]> {
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
 * confirmation are spaced a day apart, or closer when the order is more recent than that. Every
 * row is written by its area's own steps; no notice is sent for these past events.
 */
export async function createOrder(db: Database, clock: Clock, input: OrderInput) {
  const now = clock.now();
  const createdAt = input.createdAt ?? now;
  const status: OrderStatus = input.delivered ? 'completed' : (input.status ?? 'pending');
  const delivered = status === 'completed' || input.delivered === true;
  const shipped = delivered || input.shipped === true;
  const invoiced = shipped || input.invoiced === true;

  const span = Math.max(0, now.getTime() - createdAt.getTime());
  const step = Math.max(1, Math.min(DAY, Math.floor(span / 4)));
  const at = (n: number) => new Date(createdAt.getTime() + n * step);

  return db.transaction(async (tx) => {
    await markSold(tx, input.stoneIds, createdAt);
    const rows = await stonesInOrder(tx, input.stoneIds);
    const placed = await insertOrder(tx, {
      customerId: input.customerId,
      stones: rows,
      comment: input.comment ?? '',
      requestPage: input.requestPage ?? 'Searching',
      at: createdAt,
    });
    await removeStonesFromCart(tx, input.customerId, input.stoneIds);

    // The later steps, as the sales team moves the order on.
    const order = await lockOrder(tx, placed.id);
    let n = 0;
    if (invoiced) await recordInvoice(tx, order, at(++n));
    if (shipped) await recordShipment(tx, order, trackingNumberOf(order.displayId), at(++n));
    if (delivered) await recordDelivery(tx, order, at(++n));
    if (status === 'canceled') {
      const released = await recordCancellation(tx, order, 'Canceled by the sales team.', at(++n));
      await returnSoldToStock(tx, released, at(n));
    }
    if (status === 'requires_action') await recordNeedsAction(tx, order, at(n));

    const final = await lockOrder(tx, placed.id);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, placed.id));
    return { order: final, invoice: invoice ?? null, stones: rows };
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
 * A memo order as the sales team's command issues it: the stones go to Memo, reserved for the
 * customer until the due date, each an `on_memo` item at the stone's amount.
 */
export async function createMemoOrder(db: Database, clock: Clock, input: MemoOrderInput) {
  const issuedAt = input.issuedAt ?? clock.now();
  const dueAt = input.dueAt === undefined ? new Date(issuedAt.getTime() + 14 * DAY) : input.dueAt;
  return db.transaction(async (tx) => {
    const rows = await stonesInOrder(tx, input.stoneIds);
    return issueMemoOrder(tx, { customerId: input.customerId, stones: rows, dueAt, issuedAt });
  });
}
