import { listAppointments } from '@loupe/contract/appointments';
import { getMe } from '@loupe/contract/customers';
import { listOrders } from '@loupe/contract/orders';
import { requestLine } from '@loupe/contract/request';
import { listSavedSearches } from '@loupe/contract/saved-searches';
import { ordersWidgetQueries } from '../features/orders/orders-widget-queries';
import { DASHBOARD_SAVED_SEARCHES } from '../features/saved-searches/api/saved-searches';

/**
 * The calls a fresh load of the dashboard makes first, as the web client sends them (the same
 * URLs, so the client takes their answers: lib/first-calls.ts): the customer, the orders card's
 * lists and the latest saved searches; and the appointments, which only a KYC-approved customer
 * may ask for, sent only when the app noted that the customer is approved (the card asks for
 * them only then too): anyone else would be refused them with a 403 at every load.
 */
export function dashboardFirstCalls(): { calls: string[]; approvedCalls: string[] } {
  return {
    calls: [
      requestLine(getMe).url,
      ...ordersWidgetQueries().map((query) => requestLine(listOrders, { query }).url),
      requestLine(listSavedSearches, { query: { limit: DASHBOARD_SAVED_SEARCHES } }).url,
    ],
    approvedCalls: [requestLine(listAppointments).url],
  };
}
