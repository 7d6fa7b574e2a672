import { getTourGuide, type MainTourStatus, type TourState, updateTourGuide } from '@loupe/contract/tour';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../../../lib/api-client';
import { MINI_TOUR_VIEWS, type MiniTourPage } from '../tour-constants';

export const tourKeys = {
  all: ['tour'] as const,
  guide: () => [...tourKeys.all, 'guide'] as const,
};

const web = { mode: 'web' } as const;

export function fetchTourGuide(): Promise<TourState> {
  return call(getTourGuide, { query: web });
}

/** The customer's main tour status and feature views (spec §7 "Tour"). */
export function useTourGuide(enabled: boolean) {
  return useQuery({
    queryKey: tourKeys.guide(),
    queryFn: fetchTourGuide,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function saveMainTourStatus(status: MainTourStatus): Promise<TourState> {
  return call(updateTourGuide, {
    query: { module: 'main_tour_status', mode: 'web' },
    body: { main_tour_status: status },
  });
}

/** A completed mini tour marks its feature view: `POST /tour-guide?module=dashboard {search_stone_id: true}`. */
export function markFeatureView(page: MiniTourPage): Promise<TourState> {
  const { module, view } = MINI_TOUR_VIEWS[page];
  return call(updateTourGuide, { query: { module, mode: 'web' }, body: { [view]: true } });
}

/** The two writes, each keeping the cached tour guide in step with the server's answer. */
export function useTourWrites() {
  const queryClient = useQueryClient();
  const keep = useCallback(
    (state: TourState) => queryClient.setQueryData(tourKeys.guide(), state),
    [queryClient],
  );
  return useMemo(
    () => ({
      saveStatus: (status: MainTourStatus) => saveMainTourStatus(status).then(keep),
      markView: (page: MiniTourPage) => markFeatureView(page).then(keep),
    }),
    [keep],
  );
}
