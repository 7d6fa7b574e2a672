import { describe, expect, it } from 'vitest';
import { buildCustomer } from '../../test/customer-fixture';
import { effectiveScope, isScopeEnabled } from './scope-rules';

describe('search scopes', () => {
  it('always offers Stock Search', () => {
    expect(isScopeEnabled('normal', undefined)).toBe(true);
    expect(isScopeEnabled('normal', buildCustomer({ new_arrivals_count: 0 }))).toBe(true);
  });

  it('disables New Arrivals when there are none', () => {
    expect(isScopeEnabled('NewArrivals', buildCustomer({ new_arrivals_count: 0 }))).toBe(false);
    expect(isScopeEnabled('NewArrivals', buildCustomer({ new_arrivals_count: 3 }))).toBe(true);
  });

  it('disables Bid to Buy when the event has no stones', () => {
    const none = buildCustomer({
      bid_to_buy: { starts_at: '2026-04-01T08:00:00Z', count: 0, endTime: null },
    });
    const some = buildCustomer({
      bid_to_buy: { starts_at: null, count: 12, endTime: '2026-04-02T08:00:00Z' },
    });
    expect(isScopeEnabled('BidToBuy', none)).toBe(false);
    expect(isScopeEnabled('BidToBuy', some)).toBe(true);
  });

  it('disables Bid to Buy while the next event has not started, even with stones lined up', () => {
    const upcoming = buildCustomer({
      bid_to_buy: { starts_at: '2026-04-01T08:00:00Z', count: 40, endTime: null },
    });
    expect(isScopeEnabled('BidToBuy', upcoming)).toBe(false);
  });

  it('falls back to Stock Search when the chosen scope becomes unavailable', () => {
    expect(effectiveScope('NewArrivals', buildCustomer({ new_arrivals_count: 0 }))).toBe('normal');
    expect(effectiveScope('NewArrivals', buildCustomer())).toBe('NewArrivals');
  });
});
