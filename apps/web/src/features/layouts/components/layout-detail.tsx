import type { Customer } from '@loupe/contract/customers';
import type { LayoutDetail as Layout } from '@loupe/contract/layouts';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../domain/money';
import { type StoneActionSlots, StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { type SortState, sortStones } from '../../../domain/stones/sort-stones';
import { errorText } from '../../../lib/error-text';
import { useLayout } from '../api/layouts-api';
import './layouts.css';

/**
 * /v2/layout/view-detail?layout_id=: a layout's totals and its stones in the shared grid; what a
 * buyer can do with the whole layout (`wholeLayout`) and with selected stones comes from the screen.
 */
export function LayoutDetail({
  layoutId,
  customer,
  stoneActions,
  wholeLayout,
}: {
  layoutId: string;
  customer: Customer;
  stoneActions: StoneActionSlots;
  wholeLayout: (layout: Layout, stones: readonly Stone[]) => ReactNode;
}) {
  const layout = useLayout(layoutId);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const stones = useMemo(() => sortStones(layout.data?.stones ?? [], sort), [layout.data, sort]);

  if (layout.isPending && layoutId) return <PageSpinner label="Loading the layout" />;
  if (!layout.data) {
    return (
      <div className="card empty-state" role="alert">
        <p>{layoutId ? errorText(layout.error) : 'This link names no layout.'}</p>
        <Link to={paths.layout.href()}>All layouts</Link>
      </div>
    );
  }
  const data = layout.data;
  return (
    <>
      <header className="page-header layout-head">
        <Link to={paths.layout.href()}>← All layouts</Link>
        <h1 className="page-title">{data.name}</h1>
        <dl className="layout-totals" aria-label="Layout totals">
          <div>
            <dt>Shape</dt>
            <dd>{data.shape}</dd>
          </div>
          <div>
            <dt>Stones</dt>
            <dd>{data.stones_count}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd>{data.available_count}</dd>
          </div>
          <div>
            <dt>Total Carats</dt>
            <dd>{data.total_carats.toFixed(2)}</dd>
          </div>
          <div>
            <dt>Total Amount</dt>
            <dd>{data.total_amount === null ? 'On request' : formatMoney(data.total_amount)}</dd>
          </div>
        </dl>
        <div className="layout-actions">{wholeLayout(data, data.stones)}</div>
      </header>
      <StoneGrid
        label={data.name}
        stones={stones}
        loading={layout.isFetching}
        sort={sort}
        onSortChange={setSort}
        selectedIds={selection}
        onSelectionChange={setSelection}
        source="search"
        customer={customer}
        exportScope={{ fileName: 'layout.xlsx' }}
        trackingPage="layout"
        {...stoneActions}
      />
    </>
  );
}
