import type { Customer } from '@loupe/contract/customers';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { GridIcon } from '../../../domain/stones/grid/grid-icons';
import { type StoneActionSlots, StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { useResultStones } from '../api/search-api';
import { type ResultTab, updateResultTab } from '../result-tabs-store';
import type { SaveSearchSlot } from '../save-search-slot';
import { LoadFailed } from './load-failed';
import './search-tabs.css';
import { formatCount } from '../../../lib/format';

/**
 * One result tab: its stones in the shared grid, with Modify and Save Search. What a buyer can do
 * with the stones (Add to Cart, Confirm Stone) and the Save Search dialog come from the screen.
 */
export function ResultView({
  tab,
  label,
  customer,
  stoneActions,
  saveSearch,
}: {
  tab: ResultTab;
  label: string;
  customer: Customer;
  stoneActions: StoneActionSlots;
  saveSearch: SaveSearchSlot;
}) {
  const result = useResultStones(tab.filters, tab.sort);
  const [saving, setSaving] = useState(false);
  const stones = result.data?.stones ?? [];
  const count = result.data?.count ?? 0;

  if (result.isError && !result.data) {
    return (
      <LoadFailed
        error={result.error}
        fallback="The stones could not be loaded."
        onRetry={() => void result.refetch()}
      />
    );
  }

  return (
    <>
      <StoneGrid
        label={label}
        stones={stones}
        loading={result.isFetching}
        sort={tab.sort}
        onSortChange={(sort) => updateResultTab(tab.id, { sort, page: 0 })}
        selectedIds={tab.selection}
        onSelectionChange={(selection) => updateResultTab(tab.id, { selection })}
        page={tab.page}
        onPageChange={(page) => updateResultTab(tab.id, { page })}
        source="search"
        customer={customer}
        exportScope={{ filters: tab.filters }}
        trackingPage="search_result_page"
        {...stoneActions}
        empty="No stones match this search any more. Modify it to look again."
        toolbarStart={
          <>
            <span className="result-summary" role="status">
              {result.data ? `${formatCount(count)} ${count === 1 ? 'stone' : 'stones'}` : 'Loading…'}
            </span>
            <Button
              variant="secondary"
              size="sm"
              icon={<GridIcon name="edit" />}
              onClick={() => updateResultTab(tab.id, { editing: true })}
            >
              Modify Search
            </Button>
            <Button variant="secondary" size="sm" disabled={!result.data} onClick={() => setSaving(true)}>
              Save Search
            </Button>
          </>
        }
      />
      {saving
        ? saveSearch({
            filters: tab.filters,
            count,
            existing: null,
            onClose: () => setSaving(false),
            onSaved: (name) => updateResultTab(tab.id, { name }),
          })
        : null}
    </>
  );
}
