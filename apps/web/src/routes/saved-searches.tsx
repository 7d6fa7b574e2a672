import { SavedSearchList } from '../features/saved-searches/components/saved-search-list';
import { useSavedSearchActions } from './compose/saved-search-actions';

/** /v2/saved-searches ("Bookmark" in the side bar): the customer's saved searches. */
export function SavedSearchesRoute() {
  const savedSearchActions = useSavedSearchActions();
  return (
    <div className="page">
      <title>Saved Searches · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Saved Searches</h1>
        <p className="page-subtitle">
          Run a saved search again, rename it, or clear out the ones you no longer need.
        </p>
      </header>
      <SavedSearchList actions={savedSearchActions} />
    </div>
  );
}
