import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { NEW_SEARCH_TAB, paths } from '../../../config/paths';
import { editSavedSearch, openSearchResult, type SavedSearchEdit } from '../result-tabs-store';

/** How other screens open something on the search screen (composed by the routes). */
export function useSearchTabNavigation() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      /** Opens the filters as a new result tab; at 10 open tabs the form says so instead. */
      openResult(filters: StoneFiltersInput, name?: string | null) {
        navigate(openSearchResult(filters, name).path);
      },
      /** Opens a saved search in the form to narrow it; its Save then updates the saved search. */
      editSavedSearch(edit: SavedSearchEdit) {
        editSavedSearch(edit);
        navigate(paths.search.href({ 'active-tab': NEW_SEARCH_TAB }));
      },
    }),
    [navigate],
  );
}
