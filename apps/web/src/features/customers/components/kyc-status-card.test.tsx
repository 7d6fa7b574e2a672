import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/customer-fixture';
import { KycStatusCard } from './kyc-status-card';

function renderCard(kyc: ReturnType<typeof buildCustomer>['kyc']) {
  render(
    <MemoryRouter>
      <KycStatusCard customer={buildCustomer({ kyc })} />
    </MemoryRouter>,
  );
}

describe('KYC status card', () => {
  it('asks a customer who has not finished to complete KYC', () => {
    renderCard({ status: 'not_started', banner_key: null });
    expect(screen.getByRole('link', { name: 'Complete KYC Now' })).toBeTruthy();
  });

  it('tells a customer under review so, and asks nothing of them', () => {
    renderCard({ status: 'pending', banner_key: 'online-under-review' });
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.getByText(/under review\. We answer within 3 days/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Complete KYC Now' })).toBeNull();
  });
});
