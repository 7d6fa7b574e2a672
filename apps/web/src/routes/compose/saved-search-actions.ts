import { useMemo } from 'react';
import type { SavedSearchActions } from '../../features/saved-searches/hooks/use-run-saved-search';
import { useSearchTabNavigation } from '../../features/search/hooks/use-search-tab-navigation';

/** A saved search opens on the search screen: as a result tab, or in the form to modify it. */
export function useSavedSearchActions(): SavedSearchActions {
  const searchTabs = useSearchTabNavigation();
  return useMemo(
    () => ({
      openResult: (search) => searchTabs.openResult(search.meta_data, search.name),
      edit: (search) =>
        searchTabs.editSavedSearch({ id: search.id, name: search.name, filters: search.meta_data }),
    }),
    [searchTabs],
  );
}
