import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/customer-fixture';
import { BidToBuyPromo } from './bid-to-buy-promo';

const running = { starts_at: null, count: 120, endTime: '2026-03-14T18:00:00.000Z' };

function show(customer = buildCustomer({ bid_to_buy: running })) {
  return render(
    <MemoryRouter>
      <BidToBuyPromo customer={customer} />
    </MemoryRouter>,
  );
}

describe('BidToBuyPromo (domain-facts §4)', () => {
  it('shows once per event to an approved customer, kept per phone number', () => {
    const { unmount } = show();
    expect(screen.getByRole('dialog', { name: 'Bid to Buy is live' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bid Now' }).getAttribute('href')).toBe(
      '/v2/bid-2-buy?path=bidStone',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    show();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Another phone on this browser has not seen it; nor has anyone the next event.
    show(buildCustomer({ phone: '9000000001', bid_to_buy: running }));
    expect(screen.getByRole('dialog', { name: 'Bid to Buy is live' })).toBeTruthy();
  });

  it('stays away without an event, without stones, or without approved KYC', () => {
    show(buildCustomer({ bid_to_buy: { starts_at: '2026-04-01T00:00:00.000Z', count: 0, endTime: null } }));
    show(buildCustomer({ bid_to_buy: { ...running, count: 0 } }));
    show(buildCustomer({ bid_to_buy: running, kyc: { ...buildCustomer().kyc, status: 'pending' } }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
