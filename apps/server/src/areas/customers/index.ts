/**
 * Registration and the customer record: the one writer of customers, kams and profile_photos.
 * Auth asks here to mark a phone or an email verified and to set a password.
 */
export type { CustomerRow, NewCustomer, NewKam } from './customer-records.ts';
export {
  decideKyc,
  findCustomerByEmail,
  insertCustomer,
  insertKam,
  markEmailVerified,
  markPhoneVerified,
  moveUnverifiedPhone,
  setPasswordHash,
  setTradeShowEntry,
} from './customer-records.ts';
export { getCustomer } from './get-customer.ts';
export { customerRoutes } from './routes.ts';
