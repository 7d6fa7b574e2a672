/** The one writer of cart_items; the hold sweep returns lapsed holds to stock. */
export type { HoldSweep } from './hold-sweep.ts';
export { createHoldSweep, noticeHoldEnded } from './hold-sweep.ts';
export { markInCart } from './mark-in-cart.ts';
export { cartRoutes } from './routes.ts';
