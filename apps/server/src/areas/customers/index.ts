/**
 * Registration and the customer record: the one writer of customers, kams and profile_photos
 * (and of the photos' files in storage, under `customers/<id>/`).
 * Auth asks here to mark a phone or an email verified and to set a password; the tour, to keep
 * the main tour status and the feature views.
 */
export type {
  CustomerRow,
  KycBannerKey,
  KycStatus,
  MainTourStatus,
  NewCustomer,
  NewKam,
  StoredFeatureViews,
} from './customer-records.ts';
export {
  findCustomerByEmail,
  findTourState,
  insertCustomer,
  insertKam,
  markEmailVerified,
  markPhoneVerified,
  mergeFeatureViews,
  moveUnverifiedPhone,
  setKycStatus,
  setMainTourStatus,
  setPasswordHash,
  setTradeShowEntry,
} from './customer-records.ts';
export { buyerForKam, getCustomer } from './get-customer.ts';
export { moveProfilePhotosToStorage } from './profile-photo.ts';
export { customerRoutes } from './routes.ts';
