import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { useState } from 'react';
import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { countStones, type SavedSearch } from '../api/saved-searches';

/**
 * What opening a saved search does on the search screen. The search area owns the result tabs;
 * the screen hands these in (routes/compose/saved-search-actions.ts).
 */
export interface SavedSearchActions {
  /** Opens the search as a result tab. */
  openResult(search: SavedSearch): void;
  /** Opens it in the search form to narrow it; saving there updates this saved search. */
  edit(search: SavedSearch): void;
}

/** What re-checking a saved search found, when it cannot simply open. */
export type RunOutcome =
  | { kind: 'too-many'; search: SavedSearch; count: number }
  | { kind: 'none'; search: SavedSearch };

/**
 * Opening a saved search re-checks its count (domain-facts §1.5): above 300 stones the buyer is
 * asked to modify it, at 0 told that nothing matches, otherwise it opens as a result tab.
 */
export function useRunSavedSearch(actions: SavedSearchActions) {
  const [runningId, setRunningId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);

  const run = async (search: SavedSearch) => {
    if (runningId) return;
    setRunningId(search.id);
    try {
      const count = await countStones(search.meta_data);
      if (count > STOCK_LIMITS.maxResultStones) setOutcome({ kind: 'too-many', search, count });
      else if (count === 0) setOutcome({ kind: 'none', search });
      else actions.openResult(search);
    } catch (error) {
      toast.error(errorText(error), { duration: TOAST_DURATION_MS });
    } finally {
      setRunningId(null);
    }
  };

  const modify = (search: SavedSearch) => {
    setOutcome(null);
    actions.edit(search);
  };

  return { run, runningId, outcome, dismiss: () => setOutcome(null), modify };
}
