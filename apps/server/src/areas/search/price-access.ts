import type { StoneFilters } from '@loupe/contract/search-filters';
import { AppError } from '../../platform/errors.ts';
import type { StockViewer } from '../stones/index.ts';
import { priceFieldsUsed } from './stone-query.ts';
import type { StoneSort } from './stone-sort.ts';

/**
 * Filtering or sorting by a price would reveal prices through which stones come back and in
 * which order, so a customer who may not see prices may not use them either.
 */
export function assertPriceAccess(viewer: StockViewer, filters: StoneFilters, sort?: readonly StoneSort[]) {
  if (viewer.kycApproved) return;
  const fields = priceFieldsUsed(filters, sort);
  if (fields.length === 0) return;
  throw new AppError(
    'KYC_REQUIRED',
    'Complete your KYC to search or sort by discount, price or amount.',
    fields.map((field) => ({ path: field, message: 'needs approved KYC' })),
  );
}
