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
 * lists, the latest saved searches and the appointments. The appointments are asked for whatever
 * the customer's KYC; a customer who is not approved answers 403 and the card does not take it
 * (it shows no appointments to them), which costs one small call and saves the wait for the
 * customer's answer before asking.
 */
export function dashboardFirstCalls(): string[] {
  return [
    requestLine(getMe).url,
    ...ordersWidgetQueries().map((query) => requestLine(listOrders, { query }).url),
    requestLine(listSavedSearches, { query: { limit: DASHBOARD_SAVED_SEARCHES } }).url,
    requestLine(listAppointments).url,
  ];
}
