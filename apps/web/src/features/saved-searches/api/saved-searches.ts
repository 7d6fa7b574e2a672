import {
  createSavedSearch,
  deleteSavedSearches,
  listSavedSearches,
  type SavedSearch,
  updateSavedSearch,
} from '@loupe/contract/saved-searches';
import { searchStones } from '@loupe/contract/search';
import type { StoneFilters, StoneFiltersInput } from '@loupe/contract/search-filters';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { savedSearchKeys } from './query-keys';

/** The dashboard shows the three newest saved searches (domain-facts §10). */
export const DASHBOARD_SAVED_SEARCHES = 3;

/** The customer's saved searches, newest first; `name` narrows them by name. */
export function savedSearchesQuery(filter: { name?: string; limit?: number } = {}) {
  const query: { name?: string; limit?: number } = {};
  if (filter.name?.trim()) query.name = filter.name.trim();
  if (filter.limit) query.limit = filter.limit;
  return queryOptions({
    queryKey: savedSearchKeys.list(query),
    queryFn: () => call(listSavedSearches, { query }),
  });
}

export function useSavedSearches(filter: { name?: string; limit?: number } = {}) {
  return useQuery({ ...savedSearchesQuery(filter), placeholderData: keepPreviousData });
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

export interface SaveSearchInput {
  name: string;
  count: number;
  filters: StoneFiltersInput;
  /** Replace this saved search instead of creating one. */
  id?: string;
}

/** Save Search: the filters under a name, with today's count; or an update of a saved search. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, count, filters, id }: SaveSearchInput) => {
      if (id) {
        return (
          await call(updateSavedSearch, {
            params: { savedSearchId: id },
            body: { name, diamond_count: count, meta_data: filters },
          })
        ).saved_search;
      }
      return (
        await call(createSavedSearch, {
          body: {
            name,
            diamond_count: count,
            meta_data: filters,
            is_deleted: false,
            is_matching_pair: false,
          },
        })
      ).saved_search;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export type { SavedSearch };
