import { STOCK_LIMITS } from '@loupe/contract/stock-vocabulary';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { NEW_SEARCH_TAB, paths } from '../../../config/paths';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { editSavedSearch, openSearchResult } from '../../../lib/search-tabs-store';
import { countStones, type SavedSearch } from '../api/saved-searches';

/** What re-checking a saved search found, when it cannot simply open. */
export type RunOutcome =
  | { kind: 'too-many'; search: SavedSearch; count: number }
  | { kind: 'none'; search: SavedSearch };

/**
 * Opening a saved search re-checks its count (domain-facts §1.5): above 300 stones the buyer is
 * asked to modify it, at 0 told that nothing matches, otherwise it opens as a result tab.
 */
export function useRunSavedSearch() {
  const navigate = useNavigate();
  const [runningId, setRunningId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);

  const run = async (search: SavedSearch) => {
    if (runningId) return;
    setRunningId(search.id);
    try {
      const count = await countStones(search.meta_data);
      if (count > STOCK_LIMITS.maxResultStones) setOutcome({ kind: 'too-many', search, count });
      else if (count === 0) setOutcome({ kind: 'none', search });
      else navigate(openSearchResult(search.meta_data, search.name).path);
    } catch (error) {
      toast.error(errorText(error), { duration: TOAST_DURATION_MS });
    } finally {
      setRunningId(null);
    }
  };

  /** Opens the search in the search form to narrow it; saving there updates this saved search. */
  const modify = (search: SavedSearch) => {
    setOutcome(null);
    editSavedSearch({ id: search.id, name: search.name, filters: search.meta_data });
    navigate(paths.search.href({ 'active-tab': NEW_SEARCH_TAB }));
  };

  return { run, runningId, outcome, dismiss: () => setOutcome(null), modify };
}
