import type { Customer } from '@loupe/contract/customers';
import type { StoneSearchScope } from './stone-search-store';

export interface SearchScope {
  value: StoneSearchScope;
  label: string;
}

export const SEARCH_SCOPES: readonly SearchScope[] = [
  { value: 'normal', label: 'Stock Search' },
  { value: 'NewArrivals', label: 'New Arrivals' },
  { value: 'BidToBuy', label: 'Bid to Buy' },
];

type ScopeFacts = Pick<Customer, 'new_arrivals_count' | 'bid_to_buy'>;

/**
 * Which scopes can be chosen: stock always; New Arrivals only with new arrivals (spec §5); Bid to
 * Buy by the specification's two clauses as written (disabled when a start has count 0, or when
 * the start is missing while a count exists) and disabled with no event (no start, count 0): with
 * the pinned `bid_to_buy` that is while an event runs with stones (decision 021, replacing 005).
 * Unknown customer: stock only.
 */
export function isScopeEnabled(scope: StoneSearchScope, customer: ScopeFacts | undefined): boolean {
  if (scope === 'normal') return true;
  if (!customer) return false;
  if (scope === 'NewArrivals') return customer.new_arrivals_count > 0;
  const { starts_at, count } = customer.bid_to_buy;
  if (starts_at !== null && count === 0) return false;
  if (starts_at === null && count > 0) return false;
  return starts_at !== null;
}

/** The chosen scope, or stock search when the chosen one is no longer available. */
export function effectiveScope(chosen: StoneSearchScope, customer: ScopeFacts | undefined): StoneSearchScope {
  return isScopeEnabled(chosen, customer) ? chosen : 'normal';
}
