import { type listOrders, ORDER_LIMITS, ORDER_TABS, type Order, type OrderTab } from '@loupe/contract/orders';
import type { QueryOf } from '@loupe/contract/route';
import { oneOf } from '../../config/paths';

/**
 * The three tabs of /v2/my-orders (domain-facts §6) and the list query each one sends.
 * - Pending: the sales team is still processing the order (no invoice yet).
 * - In-Transit: confirmed, the invoice is generated, not yet delivered.
 * - Past: delivered (completed).
 */

export type OrdersQuery = QueryOf<typeof listOrders>;

export interface OrderTabInfo {
  label: string;
  /** The info tooltip next to the tab's label. */
  tooltip: string;
  /** Pending searches by order id on the server; the other tabs filter by invoice number here. */
  search: { label: string; placeholder: string };
}

export const ORDER_TAB_INFO: Record<OrderTab, OrderTabInfo> = {
  pendingInvoices: {
    label: 'Pending',
    tooltip: 'The sales team is processing these orders.',
    search: { label: 'Search by Order ID', placeholder: 'Order ID' },
  },
  activeInvoices: {
    label: 'In-Transit',
    tooltip: 'Confirmed orders whose invoice has been generated.',
    search: { label: 'Search by Invoice Number', placeholder: 'Invoice number' },
  },
  invoicesHistory: {
    label: 'Past',
    tooltip: 'Orders that have been delivered.',
    search: { label: 'Search by Invoice Number', placeholder: 'Invoice number' },
  },
};

/** `?path=` names the tab; anything else opens Pending. */
export function parseOrderTab(param: string | null): OrderTab {
  return oneOf(ORDER_TABS, param, 'pendingInvoices');
}

/**
 * The list query of a tab, 50 orders at most. `keyword` only applies to Pending (a server search
 * by order id); `limit` is lower for the dashboard's top rows.
 */
export function orderTabQuery(
  tab: OrderTab,
  options: { createdAtGte?: string; keyword?: string; limit?: number } = {},
): OrdersQuery {
  const limit = Math.min(options.limit ?? ORDER_LIMITS.perTab, ORDER_LIMITS.perTab);
  const query: OrdersQuery =
    tab === 'pendingInvoices'
      ? { invoice_status: 'pending', expand: 'items', limit }
      : tab === 'activeInvoices'
        ? { status: 'pending', invoice_status: 'available', limit }
        : { status: 'completed', limit };
  if (options.createdAtGte) query['created_at[gte]'] = options.createdAtGte;
  const keyword = options.keyword?.trim().slice(0, ORDER_LIMITS.keywordLength);
  if (tab === 'pendingInvoices' && keyword) query.search_keyword = keyword;
  return query;
}

/** The tab an order shows in, by the same rules as the tabs' queries. */
export function orderTabOf(order: Pick<Order, 'status' | 'invoice_status'>): OrderTab {
  if (order.invoice_status === 'pending') return 'pendingInvoices';
  if (order.status === 'completed') return 'invoicesHistory';
  return 'activeInvoices';
}

/** In-Transit and Past narrow their rows by invoice number in the browser (any part, any case). */
export function filterByInvoiceNumber<T extends Pick<Order, 'invoice'>>(
  orders: readonly T[],
  text: string,
): T[] {
  const needle = text.trim().toUpperCase();
  if (!needle) return [...orders];
  return orders.filter((order) => order.invoice?.number.toUpperCase().includes(needle));
}
