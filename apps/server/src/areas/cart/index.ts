/**
 * The cart: the one writer of cart_items, under one lock rule for the customer and the sales team
 * alike (putStonesInCart locks the customer's row); holds into a cart, and the sweep that returns
 * lapsed holds to stock.
 */
export type { PutInCart, PutResult } from './cart-rows.ts';
export { countIn, lockCart, putStonesInCart, removeStonesFromCart } from './cart-rows.ts';
export type { HoldResult } from './hold-stones.ts';
export { holdStonesForCustomer, reservationEnd, reserveIntoCart } from './hold-stones.ts';
export { holdSweepSchedule, noticeHoldEnded } from './hold-sweep.ts';
export { inCartCondition, markInCart } from './mark-in-cart.ts';
export { cartRoutes } from './routes.ts';
