/** Confirming stones: the time check before the confirm screen, and the confirmation into an order. */
export { confirmationRoutes } from './routes.ts';
