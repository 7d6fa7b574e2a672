/**
 * KYC: the one writer of kyc_applications and kyc_documents (and of the documents' files in
 * storage, under `kyc/<customer id>/`). The status and banner key stay on the customer, written
 * through customers' setKycStatus; the email code is auth's one-time code.
 */
export { removeKycFiles } from './kyc-documents.ts';
export { kycRoutes } from './routes.ts';
