import type { ResponseOf } from '@loupe/contract/route';
import { addDemand, searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SortState } from '../../../domain/stones/sort-stones';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';
import { searchKeys } from './query-keys';

export type SearchFacets = NonNullable<ResponseOf<typeof searchStones>['facets']>;

/** The form's live count waits this long after the last change (domain-facts §1.5). */
export const COUNT_DEBOUNCE_MS = 800;
/** A result (and new arrivals) is fetched whole, a page of the API at a time, up to this many. */
export const RESULT_STONES_MAX = 5000;

/** Which stones the form counts: the stock, the new arrivals or the running bid-to-buy event's. */
export type CountedStock = 'stock' | 'new-arrivals' | 'bid-to-buy';

export async function countStones(filters: StoneFiltersInput, stock: CountedStock, signal?: AbortSignal) {
  const result = await call(searchStones, {
    body: {
      filters,
      limit: 1,
      offset: 0,
      facets: true,
      new_arrivals: stock === 'new-arrivals',
      bid_to_buy: stock === 'bid-to-buy',
    },
    signal,
  });
  return { count: result.count, facets: result.facets ?? {} };
}

/** The live count and tile counts of the form's filters; null filters (open errors) ask nothing. */
export function useStoneCount(filters: StoneFiltersInput | null, stock: CountedStock = 'stock') {
  return useQuery({
    queryKey: searchKeys.count(filters, stock),
    queryFn: ({ signal }) => countStones(filters!, stock, signal),
    enabled: filters !== null,
    meta: SHOWS_STONES,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Every stone of a search in the requested order (the server's trade order), page by page. */
export async function fetchResultStones(
  filters: StoneFiltersInput,
  sort: SortState | null,
  newArrivals: boolean,
  signal?: AbortSignal,
): Promise<{ count: number; stones: Stone[] }> {
  const limit = STOCK_LIMITS.pageSizeMax;
  const stones: Stone[] = [];
  let count = 0;
  do {
    const page = await call(searchStones, {
      body: {
        filters,
        sort: sort ? [sort] : undefined,
        limit,
        offset: stones.length,
        facets: false,
        new_arrivals: newArrivals,
      },
      signal,
    });
    count = page.count;
    stones.push(...page.stones);
    if (page.stones.length < limit) break;
  } while (stones.length < Math.min(count, RESULT_STONES_MAX));
  return { count, stones };
}

export function useResultStones(
  filters: StoneFiltersInput | null,
  sort: SortState | null,
  newArrivals = false,
) {
  return useQuery({
    queryKey: searchKeys.result(filters, sort, newArrivals),
    queryFn: ({ signal }) => fetchResultStones(filters!, sort, newArrivals, signal),
    enabled: filters !== null,
    meta: SHOWS_STONES,
    // A re-sort keeps the rows on screen until the new order arrives.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}

export function useAddDemand() {
  return useMutation({
    mutationFn: (filters: StoneFiltersInput) => call(addDemand, { body: { filters } }),
  });
}
