import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardHead } from '../../../components/ui/card-head';
import { Spinner } from '../../../components/ui/spinner';
import { NEW_SEARCH_TAB, paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { DASHBOARD_SAVED_SEARCHES, savedSearchesQuery, useSavedSearches } from '../api/saved-searches';
import { filterSummary } from '../filter-summary';
import { type SavedSearchActions, useRunSavedSearch } from '../hooks/use-run-saved-search';
import { RunOutcomeDialog } from './run-outcome-dialog';
import '../saved-searches.css';

/**
 * Asks for what the list shows before it is on the screen (a fresh load of the dashboard); settles
 * once it is in the cache (answered or failed).
 */
export function prefetchLatestSavedSearches(client: QueryClient): Promise<void> {
  return client.prefetchQuery(savedSearchesQuery({ limit: DASHBOARD_SAVED_SEARCHES }));
}

/** `actions`: what opening a saved search does, from the screen. */
export function LatestSavedSearches({ actions }: { actions: SavedSearchActions }) {
  const list = useSavedSearches({ limit: DASHBOARD_SAVED_SEARCHES });
  const { run, runningId, outcome, dismiss, modify } = useRunSavedSearch(actions);
  const searches = list.data?.saved_searches ?? [];

  return (
    <section className="card latest-saved-searches" aria-labelledby="latest-saved-searches-title">
      <CardHead icon="bookmark" tone="gold" title="Saved Searches" id="latest-saved-searches-title">
        {list.data && list.data.count > 0 ? (
          <Link className="card-link" to={paths.savedSearches.href()}>
            View All
          </Link>
        ) : null}
      </CardHead>
      {list.isPending ? <Spinner label="Loading saved searches" /> : null}
      {list.isError ? <p className="card-muted">Your saved searches could not be loaded.</p> : null}
      {list.isSuccess && searches.length === 0 ? (
        <p className="card-muted">
          Save a search on the <Link to={paths.search.href({ 'active-tab': NEW_SEARCH_TAB })}>Search</Link>{' '}
          screen to run it again in one click.
        </p>
      ) : null}
      {searches.length > 0 ? (
        <ul className="latest-saved-list">
          {searches.map((search) => {
            const summary = filterSummary(search.meta_data);
            const details = [summary.Shape, summary.Carats, summary.Color, summary.Clarity]
              .filter((value) => value !== '-')
              .join(' · ');
            return (
              <li key={search.id}>
                <button
                  type="button"
                  className="latest-saved-item"
                  aria-busy={runningId === search.id || undefined}
                  onClick={() => void run(search)}
                >
                  <span className="latest-saved-name">
                    {search.name}
                    {search.is_matching_pair ? <span className="badge badge-warning">Match Pair</span> : null}
                  </span>
                  <span className="card-muted">
                    {formatDate(search.created_at)}
                    {details ? ` · ${details}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {outcome ? <RunOutcomeDialog outcome={outcome} onDismiss={dismiss} onModify={modify} /> : null}
    </section>
  );
}
