import {
  type ColumnPreference,
  getColumnPreferences,
  saveColumnPreferences,
} from '@loupe/contract/saved-searches';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { exportStones } from '@loupe/contract/stock-export';
import { type SHARE_CHANNELS, trackShare } from '@loupe/contract/tracking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { log } from '../../../lib/log';
import { mayMeasure } from '../../../lib/tracking/consent';

/** The customer's grid columns (saved with the saved searches on the server, read by every grid). */
export const columnPreferenceKeys = {
  all: ['column-preferences'] as const,
  mine: () => [...columnPreferenceKeys.all, 'me'] as const,
};

export function useColumnPreferences() {
  return useQuery({
    queryKey: columnPreferenceKeys.mine(),
    queryFn: async () => (await call(getColumnPreferences)).columns,
    staleTime: 5 * 60_000,
  });
}

export function useSaveColumnPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (columns: ColumnPreference[]) =>
      (await call(saveColumnPreferences, { body: { columns } })).columns,
    onSuccess: (columns) => queryClient.setQueryData(columnPreferenceKeys.mine(), columns),
  });
}

/** What Download Excel exports when nothing is selected: the whole result of these filters. */
export interface ExportScope {
  filters?: StoneFiltersInput;
  newArrivals?: boolean;
  /** The spreadsheet's name, e.g. "new_arrivals.xlsx". */
  fileName?: string;
  /** An order's stones with the prices paid (the order detail): the server exports the whole order. */
  orderId?: string;
  /** The bidding tab exported: the file adds its bid columns (domain-facts §2.3 `from_…`). */
  bidSheet?: 'new_arrival_bid' | 'new_arrival_bid_history' | 'bid_to_buy' | 'bid_to_buy_history';
}

export function exportFileName(scope: ExportScope | undefined, now = new Date()): string {
  if (scope?.fileName) return scope.fileName;
  const date = now.toISOString().slice(0, 10);
  return `loupe-stones-${date}.xlsx`;
}

/**
 * Download Excel: the selected stones, or with none the whole result (by its filters when the
 * screen has them, else every stone it shows). A failure is only logged (spec §8).
 */
export async function downloadStones(
  selectedIds: readonly string[],
  allIds: readonly string[],
  scope: ExportScope | undefined,
): Promise<void> {
  const fileName = exportFileName(scope);
  const common = {
    new_arrivals: scope?.newArrivals ?? false,
    file_name: fileName,
    ...(scope?.bidSheet ? { [`from_${scope.bidSheet}`]: true } : {}),
  };
  const body = scope?.orderId
    ? { order_id: scope.orderId, file_name: fileName }
    : selectedIds.length > 0
      ? { products: [...selectedIds], ...common }
      : scope?.filters
        ? { previous_searchs: scope.filters, ...common }
        : { products: [...allIds], ...common };
  try {
    const blob = await callBlob(exportStones, { body });
    if (blob) saveBlob(blob, fileName);
    else log.warn('Download Excel: nothing to export');
  } catch (error) {
    log.warn('Download Excel failed', error);
  }
}

export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** Records a share; the buyer's share has already happened, so a failure is only logged. */
export function recordShare(
  channel: ShareChannel,
  stoneIds: readonly string[],
  attributes: string[],
  page: string,
) {
  // Who shared what is personal: recorded only with analytics consent (spec §9 cookie consent).
  if (!mayMeasure()) return;
  call(trackShare, {
    body: { channel, stone_ids: stoneIds.slice(0, 300), attributes, page },
  }).catch((error: unknown) => log.warn('Share tracking failed', error));
}
