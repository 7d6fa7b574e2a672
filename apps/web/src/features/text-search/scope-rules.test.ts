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

  it("applies the specification's two clauses for Bid to Buy as written, and needs an event (decision 021)", () => {
    const bid = (starts_at: string | null, count: number, endTime: string | null) =>
      isScopeEnabled('BidToBuy', buildCustomer({ bid_to_buy: { starts_at, count, endTime } }));
    // Running with stones: the pins give the running event's start.
    expect(bid('2026-04-01T08:00:00Z', 12, '2026-04-08T08:00:00Z')).toBe(true);
    // A start with count 0 (the next event, nothing open yet).
    expect(bid('2026-04-01T08:00:00Z', 0, null)).toBe(false);
    // No start while a count exists.
    expect(bid(null, 12, '2026-04-08T08:00:00Z')).toBe(false);
    // No event at all.
    expect(bid(null, 0, null)).toBe(false);
  });

  it('falls back to Stock Search when the chosen scope becomes unavailable', () => {
    expect(effectiveScope('NewArrivals', buildCustomer({ new_arrivals_count: 0 }))).toBe('normal');
    expect(effectiveScope('NewArrivals', buildCustomer())).toBe('NewArrivals');
  });
});
