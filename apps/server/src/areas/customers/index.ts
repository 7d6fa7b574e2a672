/** Registration, the customer record (the one writer of customers, kams, profile_photos). */
export { getCustomer } from './get-customer.ts';
export { customerRoutes } from './routes.ts';
