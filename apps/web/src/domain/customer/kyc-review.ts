import type { Customer } from '@loupe/contract/customers';

/**
 * Whether the customer's KYC is with Loupe for review (status `pending`, or a banner saying "under
 * review"): there is nothing for them to complete, so no screen says "Complete KYC Now".
 */
export function isKycUnderReview(kyc: Customer['kyc']): boolean {
  return kyc.status === 'pending' || (kyc.banner_key?.endsWith('-under-review') ?? false);
}
