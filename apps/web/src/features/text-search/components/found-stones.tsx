import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useMemo, useState } from 'react';
import type { DetailSource } from '../../../config/paths';
import { type StoneActionSlots, StoneGrid } from '../../../domain/stones/grid/stone-grid';
import type { SortState } from '../../../domain/stones/sort-stones';
import { sortStones } from '../../../domain/stones/sort-stones';
import type { StoneSearchState } from '../stone-search-store';

/** The detail page's `?path=` for a stone found from this search (domain-facts §3). */
export function detailSourceOf(search: Pick<StoneSearchState, 'scope' | 'sourcePage'>): DetailSource {
  if (search.scope === 'NewArrivals') return 'new-arrivals';
  if (search.scope === 'BidToBuy') return 'bid-2-buy';
  return search.sourcePage === 'dashboard' ? 'dash-board' : 'search';
}

/** The stones a text search found, in the shared result grid; sorted and selected here. */
export function FoundStones({
  stones,
  search,
  customer,
  stoneActions,
}: {
  stones: readonly Stone[];
  search: StoneSearchState;
  customer: Customer;
  stoneActions: StoneActionSlots;
}) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const rows = useMemo(() => sortStones(stones, sort), [stones, sort]);
  return (
    <StoneGrid
      label="Stones found"
      stones={rows}
      sort={sort}
      onSortChange={setSort}
      selectedIds={selectedIds}
      onSelectionChange={setSelectedIds}
      source={detailSourceOf(search)}
      customer={customer}
      exportScope={{ newArrivals: search.scope === 'NewArrivals', fileName: 'stone_id_search.xlsx' }}
      trackingPage="stock_search"
      {...stoneActions}
    />
  );
}
