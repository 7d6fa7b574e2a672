import {
  type BidToBuyStones,
  bidToBuyHistory,
  cancelBidToBuy,
  getBidToBuy,
  placeBidToBuy,
} from '@loupe/contract/bid-to-buy';
import { newArrivalBidHistory } from '@loupe/contract/bidding';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { textSearch } from '@loupe/contract/text-search';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';

export const bidKeys = {
  all: ['bids'] as const,
  newArrivalHistory: () => [...bidKeys.all, 'new-arrival-history'] as const,
  bidToBuyHistory: () => [...bidKeys.all, 'bid-to-buy-history'] as const,
  bidToBuy: (search: BidToBuySearch) => [...bidKeys.all, 'bid-to-buy', search] as const,
};

/** My bids in closed new-arrival rounds, newest first. */
export function useNewArrivalHistory(enabled = true) {
  return useQuery({
    queryKey: bidKeys.newArrivalHistory(),
    queryFn: ({ signal }) => call(newArrivalBidHistory, { signal }),
    meta: SHOWS_STONES,
    enabled,
  });
}

export function useBidToBuyHistory(enabled = true) {
  return useQuery({
    queryKey: bidKeys.bidToBuyHistory(),
    queryFn: ({ signal }) => call(bidToBuyHistory, { signal }),
    meta: SHOWS_STONES,
    enabled,
  });
}

/** What the Bid Stone tab was asked for: nothing yet, every stone matching filters, or a stone id search. */
export type BidToBuySearch = { filters?: StoneFiltersInput; textSearchReportId?: string };

export function useBidToBuy(search: BidToBuySearch) {
  return useQuery<BidToBuyStones>({
    queryKey: bidKeys.bidToBuy(search),
    queryFn: ({ signal }) =>
      call(getBidToBuy, {
        query: {
          limit: 300,
          ...(search.filters ? { filters: JSON.stringify(search.filters) } : {}),
          ...(search.textSearchReportId ? { textSearchReportId: search.textSearchReportId } : {}),
        },
        signal,
      }),
    meta: SHOWS_STONES,
    retry: false,
  });
}

export function usePlaceBidToBuy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bid: { product_id: string; bid_value: number }) => call(placeBidToBuy, { body: bid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidKeys.all }),
  });
}

export function useCancelBidToBuy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => call(cancelBidToBuy, { body: { product_ids: productIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidKeys.all }),
  });
}

/** A stone id search in the event's stones (text search, scope BidToBuy): its report id. */
export function useBidToBuyStoneSearch() {
  return useMutation({
    mutationFn: async (keywords: string) =>
      (await call(textSearch, { body: { search_keyword: keywords, search_type: 'BidToBuy' } }))
        .textSearchReportId,
  });
}
