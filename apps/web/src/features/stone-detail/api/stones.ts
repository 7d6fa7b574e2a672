import { findStonesByLot, getTraceability } from '@loupe/contract/stone-detail';
import { trackCopyUrl } from '@loupe/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { mayMeasure } from '../../../lib/tracking/consent';
import { stoneKeys } from './query-keys';

/** The stones of a detail page by lot id, in the order asked for. */
export function useStonesByLot(lotIds: readonly string[]) {
  return useQuery({
    queryKey: stoneKeys.byLot(lotIds),
    queryFn: async () => (await call(findStonesByLot, { body: { stones: [...lotIds] } })).stones,
    enabled: lotIds.length > 0,
    meta: SHOWS_STONES,
    // Status and price can change while the page is open; a minute is fresh enough for reading.
    staleTime: 60_000,
  });
}

export function useTraceability(stoneId: string, enabled: boolean) {
  return useQuery({
    queryKey: stoneKeys.traceability(stoneId),
    queryFn: () => call(getTraceability, { query: { key: stoneId } }),
    enabled,
    meta: SHOWS_STONES,
    staleTime: 10 * 60_000,
  });
}

/** Analytics only: a failure must never stand between the customer and the copy. */
export function recordMediaLinkCopy(url: string) {
  if (!mayMeasure()) return; // personal: only with analytics consent (spec §9 cookie consent)
  call(trackCopyUrl, { params: { url } }).catch((error) => log.warn('Copy tracking failed', error));
}
