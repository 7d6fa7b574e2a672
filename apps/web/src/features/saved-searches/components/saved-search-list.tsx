import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { PageSpinner } from '../../../components/ui/spinner';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type SavedSearch, useDeleteSavedSearches, useSavedSearches } from '../api/saved-searches';
import { type SavedSearchActions, useRunSavedSearch } from '../hooks/use-run-saved-search';
import { RenameDialog } from './rename-dialog';
import { RunOutcomeDialog } from './run-outcome-dialog';
import { SavedSearchCard } from './saved-search-card';
import '../saved-searches.css';

/** Typing in the name filter asks the server once the buyer pauses. */
const NAME_FILTER_DELAY_MS = 300;

function DeleteDialog({
  searches,
  onClose,
  onDeleted,
}: {
  searches: SavedSearch[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteSavedSearches();
  const many = searches.length > 1;
  return (
    <Dialog
      title={many ? `Delete ${searches.length} saved searches?` : `Delete “${searches[0]?.name}”?`}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(
                searches.map((search) => search.id),
                {
                  onSuccess: () => {
                    toast.success(
                      many ? `${searches.length} saved searches deleted` : 'Saved search deleted',
                      {
                        duration: TOAST_DURATION_MS,
                      },
                    );
                    onDeleted();
                  },
                  onError: (error) =>
                    toast.error(errorText(error), {
                      duration: TOAST_DURATION_MS,
                    }),
                },
              )
            }
          >
            Delete
          </Button>
        </>
      }
    >
      <p>
        {many ? 'These searches are' : 'This search is'} removed for good; the stones themselves stay in the
        stock.
      </p>
      {many ? (
        <ul className="delete-list">
          {searches.map((search) => (
            <li key={search.id}>{search.name}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/**
 * The customer's saved searches as cards: find by name, select several to delete, rename, and
 * run one (re-checking its count; `actions` open it on the search screen). Used by the saved
 * searches screen and the search screen's tab.
 */
export function SavedSearchList({ actions }: { actions: SavedSearchActions }) {
  const [nameFilter, setNameFilter] = useState('');
  const name = useDebouncedValue(nameFilter, NAME_FILTER_DELAY_MS);
  const list = useSavedSearches({ name });
  const [selected, setSelected] = useState<string[]>([]);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch[] | null>(null);
  const { run, runningId, outcome, dismiss, modify } = useRunSavedSearch(actions);

  const searches = list.data?.saved_searches ?? [];
  const shownIds = new Set(searches.map((search) => search.id));
  const selectedShown = selected.filter((id) => shownIds.has(id));
  const allSelected = searches.length > 0 && selectedShown.length === searches.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)));

  return (
    <div className="saved-search-list">
      <div className="saved-search-toolbar">
        <div className="saved-search-filter">
          <Icon name="search" size={16} />
          <input
            type="search"
            className="input"
            aria-label="Search saved searches by name"
            placeholder="Search by name"
            value={nameFilter}
            maxLength={20}
            onChange={(event) => setNameFilter(event.target.value)}
          />
        </div>
        {searches.length > 0 ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(event) =>
                setSelected(event.target.checked ? searches.map((search) => search.id) : [])
              }
            />
            Select all
          </label>
        ) : null}
        <Button
          variant="danger"
          size="sm"
          icon={<Icon name="trash" size={14} />}
          disabled={selectedShown.length === 0}
          onClick={() => setDeleting(searches.filter((search) => selectedShown.includes(search.id)))}
        >
          {selectedShown.length > 0 ? `Delete (${selectedShown.length})` : 'Delete'}
        </Button>
      </div>

      {list.isPending ? <PageSpinner label="Loading saved searches" /> : null}
      {list.isError ? (
        <div className="card empty-state" role="alert">
          <p className="card-text">{errorText(list.error)}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.isSuccess && searches.length === 0 ? (
        <div className="card empty-state">
          <h2 className="card-title">
            {name ? `No saved search is named like “${name}”` : 'No saved searches yet'}
          </h2>
          <p className="card-text">
            {name
              ? 'Try another part of the name.'
              : 'Choose your filters on the Search screen and press Save Search to keep them here.'}
          </p>
        </div>
      ) : null}

      <div className="saved-search-grid" aria-busy={list.isFetching || undefined}>
        {searches.map((search) => (
          <SavedSearchCard
            key={search.id}
            search={search}
            selected={selectedShown.includes(search.id)}
            onSelect={(on) => toggle(search.id, on)}
            onRun={() => void run(search)}
            onRename={() => setRenaming(search)}
            running={runningId === search.id}
          />
        ))}
      </div>

      {renaming ? <RenameDialog search={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? (
        <DeleteDialog
          searches={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setSelected((current) => current.filter((id) => !deleting.some((search) => search.id === id)));
            setDeleting(null);
          }}
        />
      ) : null}
      {outcome ? <RunOutcomeDialog outcome={outcome} onDismiss={dismiss} onModify={modify} /> : null}
    </div>
  );
}
