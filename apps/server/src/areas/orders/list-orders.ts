import { type listOrders, ORDER_EVENTS, type Order, type OrderItem } from '@loupe/contract/orders';
import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { invoices, orderEvents, orderItems, orders } from '../../platform/db/schema/index.ts';

/**
 * `GET /store/customers/me/orders` and the pieces every order answer shares: an order row with
 * its invoice becomes the API's Order, its items and history added when `expand` asks.
 */

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type Expand = { items: boolean; history: boolean };
export type ListOrdersQuery = z.output<NonNullable<(typeof listOrders)['query']>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns an order answer reads: the order and its invoice, if any. */
export const orderWithInvoice = { order: orders, invoice: invoices };

/** Orders joined with their invoice (an order has at most one). */
export function selectOrders(db: Database) {
  return db.select(orderWithInvoice).from(orders).leftJoin(invoices, eq(invoices.orderId, orders.id));
}

function toItem(row: typeof orderItems.$inferSelect): OrderItem {
  return {
    id: row.id,
    stone_id: row.stoneId,
    lot_id: row.lotId,
    // The stone as confirmed; whether it is in a cart today is not part of what was bought.
    product: { ...row.stone, in_cart: false, reserved_for_you: false },
    carats: row.carats,
    rap: row.rapPerCarat,
    discount: row.discount,
    price_per_carat: row.pricePerCarat,
    amount: row.amount,
  };
}

/** The items (by stock number) and the history (oldest first) of these orders, as `expand` asks. */
async function expansions(db: Database, orderIds: string[], expand: Expand) {
  const items = new Map<string, OrderItem[]>();
  const history = new Map<string, Order['history'] & {}>();
  if (orderIds.length === 0) return { items, history };
  const [itemRows, eventRows] = await Promise.all([
    expand.items
      ? db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.lotId), asc(orderItems.id))
      : [],
    expand.history
      ? db
          .select()
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds))
          .orderBy(asc(orderEvents.createdAt))
      : [],
  ]);
  for (const row of itemRows) {
    const list = items.get(row.orderId) ?? [];
    list.push(toItem(row));
    items.set(row.orderId, list);
  }
  // Events of the same instant in the order they happen in an order's life.
  const sorted = [...eventRows].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      ORDER_EVENTS.indexOf(a.event) - ORDER_EVENTS.indexOf(b.event),
  );
  for (const row of sorted) {
    const list = history.get(row.orderId) ?? [];
    list.push({ event: row.event, at: row.createdAt.toISOString(), note: row.note });
    history.set(row.orderId, list);
  }
  return { items, history };
}

/** Order rows with their invoices as the API's orders, expanded as asked. */
export async function toOrders(
  db: Database,
  rows: { order: OrderRow; invoice: InvoiceRow | null }[],
  expand: Expand,
): Promise<Order[]> {
  const { items, history } = await expansions(
    db,
    rows.map((r) => r.order.id),
    expand,
  );
  return rows.map(({ order, invoice }) => ({
    id: order.id,
    display_id: order.displayId,
    status: order.status,
    invoice_status: order.invoiceStatus,
    fulfillment_status: order.fulfillmentStatus,
    created_at: order.createdAt.toISOString(),
    comment: order.comment,
    request_page: order.requestPage,
    stone_count: order.stoneCount,
    total_carats: order.totalCarats,
    total_amount: order.totalAmount,
    invoice: invoice
      ? { id: invoice.id, number: invoice.number, invoiced_at: invoice.invoicedAt.toISOString() }
      : null,
    tracking_number: order.trackingNumber,
    ...(expand.items ? { items: items.get(order.id) ?? [] } : {}),
    ...(expand.history ? { history: history.get(order.id) ?? [] } : {}),
  }));
}

/** "2026-05-01" is the start of that day (UTC); a date-time is taken as given. */
function sinceOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * What a keyword finds: the order id with or without its zero padding ("42", "000042"), the
 * order's uuid, its invoice number ("LD-INV-000042", any case) or the stock number of one of its
 * stones (any case).
 */
function keywordMatch(keyword: string): SQL {
  const lower = keyword.toLowerCase();
  const matches: SQL[] = [
    sql`lower(${invoices.number}) = ${lower}`,
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and lower(${orderItems.lotId}) = ${lower})`,
  ];
  const digits = keyword.replace(/^#/, '');
  if (/^\d{1,9}$/.test(digits)) matches.push(eq(orders.displayId, Number(digits)));
  if (UUID.test(keyword)) matches.push(eq(orders.id, lower));
  return or(...matches)!;
}

/** The customer's orders, newest first; `count` is every order the filters find. */
export async function listCustomerOrders(db: Database, customerId: string, query: ListOrdersQuery) {
  const conditions: SQL[] = [eq(orders.customerId, customerId)];
  if (query.invoice_status) conditions.push(eq(orders.invoiceStatus, query.invoice_status));
  if (query.status) conditions.push(eq(orders.status, query.status));
  const since = query['created_at[gte]'];
  if (since) conditions.push(gte(orders.createdAt, sinceOf(since)));
  if (query.search_keyword) conditions.push(keywordMatch(query.search_keyword));
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.displayId))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ count: sql<number>`count(*)::integer` })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(where),
  ]);
  return { orders: await toOrders(db, rows, query.expand), count: total?.count ?? 0 };
}
