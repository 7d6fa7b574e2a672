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
 * Which scopes can be chosen: stock always; New Arrivals only with new arrivals; Bid to Buy only
 * while an event runs with stones (no start date pending and a count): see
 * docs/decisions/005-bid-to-buy-scope.md. Unknown customer: stock only.
 */
export function isScopeEnabled(scope: StoneSearchScope, customer: ScopeFacts | undefined): boolean {
  if (scope === 'normal') return true;
  if (!customer) return false;
  if (scope === 'NewArrivals') return customer.new_arrivals_count > 0;
  return customer.bid_to_buy.starts_at === null && customer.bid_to_buy.count > 0;
}

/** The chosen scope, or stock search when the chosen one is no longer available. */
export function effectiveScope(chosen: StoneSearchScope, customer: ScopeFacts | undefined): StoneSearchScope {
  return isScopeEnabled(chosen, customer) ? chosen : 'normal';
}
