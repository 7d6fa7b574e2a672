import { describe, expect, it } from 'vitest';
import { buildCustomer } from '../../test/customer-fixture';
import { isKycUnderReview } from './kyc-review';

describe('KYC under review', () => {
  it('is a pending KYC or one whose banner says under review', () => {
    const kyc = buildCustomer().kyc;
    expect(isKycUnderReview({ ...kyc, status: 'pending', banner_key: null })).toBe(true);
    expect(isKycUnderReview({ ...kyc, status: 'inprogress', banner_key: 'online-under-review' })).toBe(true);
    expect(isKycUnderReview({ ...kyc, status: 'inprogress', banner_key: 'online-under-inprogress' })).toBe(
      false,
    );
    expect(isKycUnderReview({ ...kyc, status: 'not_started', banner_key: null })).toBe(false);
    expect(isKycUnderReview({ ...kyc, status: 'rejected', banner_key: null })).toBe(false);
  });
});
