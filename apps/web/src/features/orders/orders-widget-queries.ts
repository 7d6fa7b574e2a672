import type { OrderTab } from '@loupe/contract/orders';
import { type OrdersQuery, orderTabQuery } from './order-tabs';

/** The dashboard shows the three newest orders of each tab (domain-facts §10.3). */
export const DASHBOARD_ORDERS = 3;

/** The tabs of the dashboard's Orders card. */
export const WIDGET_TAB_KEYS = ['pendingInvoices', 'activeInvoices'] as const satisfies OrderTab[];
export type WidgetTab = (typeof WIDGET_TAB_KEYS)[number];

/** One tab's list as the card asks the API for it. */
export function ordersWidgetQuery(tab: WidgetTab): OrdersQuery {
  return orderTabQuery(tab, { limit: DASHBOARD_ORDERS });
}

/** The card's lists, one a tab (also the dashboard's first calls: routes/dashboard-first-calls.ts). */
export function ordersWidgetQueries(): OrdersQuery[] {
  return WIDGET_TAB_KEYS.map(ordersWidgetQuery);
}
