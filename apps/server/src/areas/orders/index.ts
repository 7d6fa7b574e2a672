/**
 * Orders and memo orders: the one writer of orders, order_items, order_events, invoices,
 * memo_orders and memo_order_items. The steps (order-steps, memo-steps) run in the caller's
 * transaction; the sales team's commands check the state and tell the buyer.
 */
export type { PaidPrice } from './get-order.ts';
export { paidStonesOf } from './get-order.ts';
export { insertOrder } from './insert-order.ts';
export type { MemoIssued, StonesReleased } from './memo-commands.ts';
export { issueMemo, releaseStones } from './memo-commands.ts';
export type { MemoOrderRow } from './memo-steps.ts';
export { issueMemoOrder, recordMemoPurchase, recordMemoReturn } from './memo-steps.ts';
export { invoiceNumberOf, memoNumberOf } from './numbers.ts';
export type { OrderStepDone } from './order-commands.ts';
export { cancelOrder, deliverOrder, invoiceOrder, shipOrder } from './order-commands.ts';
export type { OrderRow } from './order-steps.ts';
export {
  isOrderReference,
  lockOrder,
  recordCancellation,
  recordDelivery,
  recordInvoice,
  recordNeedsAction,
  recordShipment,
} from './order-steps.ts';
export { orderRoutes } from './routes.ts';
