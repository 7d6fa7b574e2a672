import { searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { exportTradeShowStones } from '@loupe/contract/stock-export';
import { findStonesByLot } from '@loupe/contract/stone-detail';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import {
  getTradeShow,
  listMeetingRequests,
  type MeetingRequest,
  requestMeeting,
  type TradeShow,
} from '@loupe/contract/trade-shows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call, callBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { log } from '../../../lib/log';

export const tradeShowKeys = {
  all: ['trade-shows'] as const,
  current: () => [...tradeShowKeys.all, 'current'] as const,
  requests: () => [...tradeShowKeys.all, 'requests'] as const,
  stones: (showId: string, lots: readonly string[]) =>
    [...tradeShowKeys.all, 'stones', showId, lots] as const,
};

/** The show I may visit (running, else the next), null when there is none. */
export function useTradeShow() {
  return useQuery({
    queryKey: tradeShowKeys.current(),
    queryFn: async ({ signal }): Promise<TradeShow | null> =>
      (await call(getTradeShow, { signal })).trade_show,
  });
}

/** The meeting requests I made, newest first. */
export function useMeetingRequests() {
  return useQuery({
    queryKey: tradeShowKeys.requests(),
    queryFn: async ({ signal }): Promise<MeetingRequest[]> =>
      (await call(listMeetingRequests, { signal })).requests,
  });
}

export function useRequestMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { trade_show_id: string; stones?: string[]; comment?: string }) =>
      (await call(requestMeeting, { body })).request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeShowKeys.requests() }),
  });
}

/**
 * The stones on show: those an event link names (`/v2/event?stoneid=`, looked up as `usa_event`
 * stones), else every stone in stock at the show's location (the first 300).
 */
export function useEventStones(show: TradeShow | null | undefined, lots: readonly string[]) {
  return useQuery({
    queryKey: tradeShowKeys.stones(show?.id ?? '', lots),
    queryFn: async ({ signal }): Promise<Stone[]> => {
      if (lots.length > 0) {
        const usaEvent = show!.location === 'USA' ? 'true' : undefined;
        const found = await call(findStonesByLot, {
          query: usaEvent ? { usa_event: usaEvent } : { location: show!.location },
          body: { stones: [...lots] },
          signal,
        });
        return found.stones;
      }
      const result = await call(searchStones, {
        body: {
          filters: { location: [show!.location] as StoneFiltersInput['location'] },
          limit: STOCK_LIMITS.pageSizeMax,
          offset: 0,
          facets: false,
          new_arrivals: false,
        },
        signal,
      });
      return result.stones;
    },
    enabled: Boolean(show),
    meta: SHOWS_STONES,
  });
}

/** The trade-show spreadsheet: the selected stones, or every stone on show. A failure is only logged. */
export async function downloadTradeShowStones(selectedIds: readonly string[], fileName: string) {
  try {
    const blob = await callBlob(exportTradeShowStones, {
      body:
        selectedIds.length > 0
          ? { products: [...selectedIds], file_name: fileName }
          : { file_name: fileName },
    });
    if (blob) saveBlob(blob, fileName);
  } catch (error) {
    log.warn('Trade show Excel download failed', error);
  }
}
