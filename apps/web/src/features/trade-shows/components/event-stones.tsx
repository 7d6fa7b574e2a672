import type { Customer } from '@loupe/contract/customers';
import type { TradeShow } from '@loupe/contract/trade-shows';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { type StoneActionSlots, StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { type SortState, sortStones } from '../../../domain/stones/sort-stones';
import { errorText } from '../../../lib/error-text';
import { downloadTradeShowStones, useEventStones } from '../api/trade-shows-api';

/** The show's spreadsheet name: "jck-las-vegas-stones.xlsx". */
export function tradeShowFileName(show: Pick<TradeShow, 'name'>): string {
  const slug = show.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'trade-show'}-stones.xlsx`;
}

/**
 * /v2/event: the stones on show in the shared grid (those an event link names, else every stone
 * at the show's location), with Download Trade Show Excel for the selection or all of them.
 */
export function EventStones({
  show,
  lots,
  customer,
  stoneActions,
}: {
  show: TradeShow;
  lots: readonly string[];
  customer: Customer;
  stoneActions: StoneActionSlots;
}) {
  const stones = useEventStones(show, lots);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const [downloading, setDownloading] = useState(false);
  const rows = useMemo(() => sortStones(stones.data ?? [], sort), [stones.data, sort]);

  if (stones.isPending) return <PageSpinner label="Loading the stones on show" />;
  if (stones.isError) {
    return (
      <p className="card field-error" role="alert">
        {errorText(stones.error)}
      </p>
    );
  }
  const download = async () => {
    setDownloading(true);
    await downloadTradeShowStones(selection, tradeShowFileName(show));
    setDownloading(false);
  };
  return (
    <StoneGrid
      label={`Stones at ${show.name}`}
      stones={rows}
      loading={stones.isFetching}
      sort={sort}
      onSortChange={setSort}
      selectedIds={selection}
      onSelectionChange={setSelection}
      source="search"
      customer={customer}
      trackingPage="event"
      empty={<p className="card-muted">No stones are on show yet.</p>}
      toolbarEnd={
        <Button variant="secondary" size="sm" busy={downloading} onClick={() => void download()}>
          Download Trade Show Excel
        </Button>
      }
      {...stoneActions}
    />
  );
}
