/** The one writer of orders, their items, events and invoices, and of memo orders. */
export { closeFinishedMemos } from './close-memos.ts';
export type { PaidPrice } from './get-order.ts';
export { paidStonesOf } from './get-order.ts';
export { insertOrder } from './insert-order.ts';
export { invoiceNumberOf, memoNumberOf } from './numbers.ts';
export { orderRoutes } from './routes.ts';
