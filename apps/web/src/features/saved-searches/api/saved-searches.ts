import {
  deleteSavedSearches,
  listSavedSearches,
  type SavedSearch,
  updateSavedSearch,
} from '@loupe/contract/saved-searches';
import { searchStones } from '@loupe/contract/search';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { savedSearchKeys } from '../../../lib/query-keys';

/** The customer's saved searches, newest first; `name` narrows them by name. */
export function useSavedSearches(filter: { name?: string; limit?: number } = {}) {
  const query: { name?: string; limit?: number } = {};
  if (filter.name?.trim()) query.name = filter.name.trim();
  if (filter.limit) query.limit = filter.limit;
  return useQuery({
    queryKey: savedSearchKeys.list(query),
    queryFn: () => call(listSavedSearches, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      call(updateSavedSearch, { params: { savedSearchId: id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(deleteSavedSearches, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** How many stones the filters find today (the live count's call: limit 1). */
export async function countStones(filters: StoneFilters): Promise<number> {
  const { count } = await call(searchStones, { body: { filters, limit: 1 } });
  return count;
}

export type { SavedSearch };
