import type { Customer } from '@loupe/contract/customers';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type StoneActionSlots, StoneGrid } from '../../../domain/stones/grid/stone-grid';
import type { SortState } from '../../../domain/stones/sort-stones';
import { readJson, writeJson } from '../../../lib/storage';
import { useResultStones } from '../api/search-api';
import { sessionFingerprint } from '../result-tabs-store';
import { filterByStoneId } from '../stone-id-filter';
import { LoadFailed } from './load-failed';
import { SearchForm } from './search-form';
import './search-tabs.css';

const NEW_ARRIVALS_STATE_KEY = 'loupe.newArrivals';

interface NewArrivalsState {
  filters: StoneFiltersInput;
  sort: SortState | null;
  selection: string[];
}

function storedState(): NewArrivalsState {
  const stored = readJson<Partial<NewArrivalsState> & { session?: string }>(
    'session',
    NEW_ARRIVALS_STATE_KEY,
  );
  // Another login's filters and selection are not this customer's.
  if (stored?.session !== sessionFingerprint()) return { filters: {}, sort: null, selection: [] };
  return {
    filters: stored?.filters ?? {},
    sort: stored?.sort ?? null,
    selection: Array.isArray(stored?.selection) ? stored.selection : [],
  };
}

/**
 * Stones certified in the last 24 hours, for an approved customer: the shared grid with Search
 * by Stone ID (on the loaded list), Apply/Modify Filter with the search form, Download Excel and
 * Share. Filters, sort and selection survive a reload of the tab.
 */
export function NewArrivalsView({
  customer,
  stoneActions,
}: {
  customer: Customer;
  /** Add to Cart and Confirm Stone, from the screen. */
  stoneActions: StoneActionSlots;
}) {
  const [state, setState] = useState<NewArrivalsState>(storedState);
  const [editing, setEditing] = useState(false);
  const [stoneId, setStoneId] = useState('');
  const result = useResultStones(state.filters, state.sort, true);
  const allStones = result.data?.stones ?? [];
  const stones = useMemo(() => filterByStoneId(allStones, stoneId), [allStones, stoneId]);
  const filtered = Object.keys(state.filters).length > 0;

  const change = (patch: Partial<NewArrivalsState>) =>
    setState((current) => {
      const next = { ...current, ...patch };
      writeJson('session', NEW_ARRIVALS_STATE_KEY, { ...next, session: sessionFingerprint() });
      return next;
    });

  if (editing) {
    return (
      <SearchForm
        customer={customer}
        initialFilters={state.filters}
        variant="new-arrivals"
        submitLabel="Apply Filter"
        heading={<h2 className="section-title">Filter new arrivals</h2>}
        onSubmit={(filters) => {
          change({ filters, selection: [] });
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }

  if (result.isError && !result.data) {
    return (
      <LoadFailed
        error={result.error}
        fallback="New arrivals could not be loaded."
        onRetry={() => void result.refetch()}
      />
    );
  }

  return (
    <StoneGrid
      label="New arrivals"
      stones={stones}
      loading={result.isFetching}
      sort={state.sort}
      onSortChange={(sort) => change({ sort })}
      selectedIds={state.selection}
      onSelectionChange={(selection) => change({ selection })}
      source="new-arrivals"
      customer={customer}
      // With Search by Stone ID in use, "everything" means the stones shown.
      exportScope={
        stoneId.trim()
          ? { newArrivals: true, fileName: 'new_arrivals.xlsx' }
          : { filters: state.filters, newArrivals: true, fileName: 'new_arrivals.xlsx' }
      }
      trackingPage="new_arrivals"
      {...stoneActions}
      empty={
        allStones.length > 0
          ? 'No new arrival matches that stone id.'
          : filtered
            ? 'No new arrivals match your filter.'
            : 'No stones were certified in the last 24 hours. New stones arrive every day.'
      }
      toolbarStart={
        <>
          <input
            type="search"
            className="input stone-id-filter"
            aria-label="Search by Stone ID"
            placeholder="Search by Stone ID"
            value={stoneId}
            onChange={(event) => setStoneId(event.target.value)}
          />
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {filtered ? 'Modify Filter' : 'Apply Filter'}
          </Button>
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={() => change({ filters: {}, selection: [] })}>
              Clear Filter
            </Button>
          ) : null}
        </>
      }
    />
  );
}
