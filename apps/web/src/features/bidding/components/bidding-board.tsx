import type { Customer } from '@loupe/contract/customers';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Tabs } from '../../../components/ui/tabs';
import type { DetailSource } from '../../../config/paths';
import type { ExportScope } from '../../../domain/stones/grid/grid-api';
import { StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { type SortState, sortStones } from '../../../domain/stones/sort-stones';
import { atMyBid, BID_TAB_KEYS, BID_TAB_LABELS, type BidTabKey, parseBidTab } from '../bid-rules';
import type { BID_COLUMNS, BidFields } from './bid-columns';
import { BidPanel } from './bid-panel';

type BidColumn = (typeof BID_COLUMNS)[keyof typeof BID_COLUMNS];

/** Active Bid's totals are of my bids, under their own label (domain-facts §2.2). */
const ACTIVE_BID_TOTALS = { averageDiscountLabel: 'Total Avg. Max Dis', priceOf: atMyBid };

/** One tab's rows and how it shows them. */
export interface BoardTab {
  rows: readonly Stone[];
  /** The tab's count in its label; undefined while unknown. */
  count?: number;
  loading: boolean;
  /** A failure to read the tab, in words. */
  error?: string | null;
  /** What shows when the tab has no rows at all. */
  empty: ReactNode;
  columns: readonly BidColumn[];
  fileName: string;
  /** What Download Excel tells the server, so the file carries the tab's bid columns. */
  bidSheet: NonNullable<ExportScope['bidSheet']>;
}

/** The filter form the screen lends the board (the search's own form, composed by the route). */
export type FilterFormSlot = (props: {
  initialFilters: StoneFiltersInput | null;
  onSubmit: (filters: StoneFiltersInput) => void;
  onCancel: () => void;
}) => ReactNode;

export interface BoardFilters {
  form: FilterFormSlot;
  /** The filters applied now; null for none. */
  applied: StoneFiltersInput | null;
  onApply: (filters: StoneFiltersInput | null) => void;
}

export interface BiddingBoardProps {
  customer: Customer;
  /** "New arrivals" or "Bid to buy": the grid's accessible name starts with it. */
  title: string;
  source: DetailSource;
  trackingPage: string;
  tabs: Record<BidTabKey, BoardTab>;
  /** May the customer bid (approved KYC): the panel opens only then. */
  canBid: boolean;
  /** Places or raises my bid; rejects with what the refusal says in words. */
  placeBid: (stoneId: string, value: number) => Promise<unknown>;
  /** In words, the server's refusal of a bid. */
  refusalText: (error: unknown) => string;
  /** Withdraws bids (Active Bid's Cancel Bid); left out where the UI offers none. */
  cancelBids?: (stoneIds: string[]) => void;
  /** The toolbar's own controls on a tab (search by stone id, show all stones). */
  toolbar?: (tab: BidTabKey) => ReactNode;
  /** Rows the toolbar's stone id narrows to, on the screens that filter on the client. */
  narrow?: (rows: readonly Stone[]) => readonly Stone[];
  filters?: BoardFilters;
  /** Under the toolbar: a note such as the KYC pitch. */
  notice?: ReactNode;
  /** Shown when rows exist but none survives `narrow`. */
  noMatch?: ReactNode;
}

/**
 * The board both bidding screens share (domain-facts §2.2, §4): the Bid Stone / Active Bid / Bid
 * History tabs (`?path=`), the grid with each tab's bid columns, Won / Lost rows in history, the
 * filter form (Apply / Modify Filter), and the bid panel under the one selected row.
 */
export function BiddingBoard(props: BiddingBoardProps) {
  const { customer, tabs, canBid, filters } = props;
  const [params, setParams] = useSearchParams();
  const tab = parseBidTab(params.get('path'));
  const [selection, setSelection] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placedNote, setPlacedNote] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [editingFilters, setEditingFilters] = useState(false);

  const view = tabs[tab];
  const rows = view.rows;
  const shown = useMemo(
    () => sortStones(props.narrow ? props.narrow(rows) : [...rows], sort),
    [rows, sort, props.narrow],
  );
  const selected =
    selection.length === 1
      ? (rows.find((r) => r.id === selection[0]) as (Stone & BidFields) | undefined)
      : undefined;
  const floor = !selected
    ? null
    : tab === 'activeBid'
      ? selected.my_current_bid
      : tab === 'bidStone'
        ? selected.discount
        : null;

  const chooseTab = (next: BidTabKey) => {
    setSelection([]);
    setRefusal(null);
    setPlacedNote(null);
    setEditingFilters(false);
    const changed = new URLSearchParams(params);
    changed.set('path', next);
    setParams(changed, { replace: true });
  };

  const bid = async (stone: Stone, value: number) => {
    setBusy(true);
    setRefusal(null);
    setPlacedNote(null);
    try {
      await props.placeBid(stone.id, value);
      setPlacedNote(`Your bid of ${value.toFixed(2)}% on ${stone.lot_id} is placed.`);
      setSelection([]);
    } catch (error) {
      setRefusal(props.refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const panelFor = (stone: Stone) => {
    if (!canBid || !selected || stone.id !== selected.id || floor === null || floor === undefined)
      return null;
    return (
      <BidPanel
        key={`${selected.id}/${floor}`}
        stone={selected}
        floor={floor}
        action={tab === 'activeBid' ? 'Update Bid' : 'Add Bid'}
        busy={busy}
        error={refusal}
        onBid={(value) => void bid(selected, value)}
      />
    );
  };

  const filterButtons = filters ? (
    <>
      <Button variant="secondary" size="sm" onClick={() => setEditingFilters(true)}>
        {filters.applied ? 'Modify Filter' : 'Apply Filter'}
      </Button>
      {filters.applied ? (
        <Button variant="ghost" size="sm" onClick={() => filters.onApply(null)}>
          Clear Filter
        </Button>
      ) : null}
    </>
  ) : null;

  const counts = Object.fromEntries(BID_TAB_KEYS.map((key) => [key, tabs[key].count])) as Record<
    BidTabKey,
    number | undefined
  >;

  return (
    <>
      {props.notice}
      <Tabs
        label="Bids"
        tabs={BID_TAB_KEYS.map((key) => ({ key, label: BID_TAB_LABELS[key], count: counts[key] }))}
        selected={tab}
        onSelect={chooseTab}
      >
        {filters && editingFilters ? (
          filters.form({
            initialFilters: filters.applied,
            onSubmit: (applied) => {
              filters.onApply(applied);
              setSelection([]);
              setEditingFilters(false);
            },
            onCancel: () => setEditingFilters(false),
          })
        ) : view.error ? (
          <p role="alert">{view.error}</p>
        ) : (
          <StoneGrid
            label={`${props.title}: ${BID_TAB_LABELS[tab]}`}
            stones={shown}
            loading={view.loading}
            sort={sort}
            onSortChange={setSort}
            selectedIds={selection}
            onSelectionChange={(ids) => {
              setSelection(ids);
              setRefusal(null);
            }}
            source={props.source}
            customer={customer}
            exportScope={{ fileName: view.fileName, bidSheet: view.bidSheet }}
            trackingPage={props.trackingPage}
            extraColumns={view.columns}
            totals={tab === 'activeBid' ? ACTIVE_BID_TOTALS : undefined}
            rowClass={
              tab === 'bidHistory'
                ? (stone) => ((stone as Stone & BidFields).is_win ? 'bid-won-row' : 'bid-lost-row')
                : undefined
            }
            rowDetail={panelFor}
            empty={rows.length > 0 ? (props.noMatch ?? 'No stone matches.') : view.empty}
            toolbarStart={
              <>
                {props.toolbar?.(tab)}
                {filterButtons}
              </>
            }
            selectionActions={
              tab === 'activeBid' && props.cancelBids
                ? () => (
                    <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                      Cancel Bid
                    </Button>
                  )
                : undefined
            }
          />
        )}
        {tab === 'bidHistory' ? (
          <p className="bid-legend">
            <span className="badge badge-success">Won</span> <span className="badge badge-danger">Lost</span>
          </p>
        ) : null}
      </Tabs>
      {placedNote ? (
        <p className="bid-placed" role="status">
          {placedNote}
        </p>
      ) : canBid && !selected && tab !== 'bidHistory' && rows.length > 0 ? (
        <p className="card-muted bid-hint">Select one stone to bid on it.</p>
      ) : null}
      {confirmCancel ? (
        <Dialog
          title="Cancel your bids?"
          onClose={() => setConfirmCancel(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                Keep my bids
              </Button>
              <Button
                onClick={() => {
                  props.cancelBids?.(selection);
                  setSelection([]);
                  setConfirmCancel(false);
                }}
              >
                Cancel Bid
              </Button>
            </>
          }
        >
          <p>
            Your bids on the selected stones are withdrawn. You can bid on them again while the round is open.
          </p>
        </Dialog>
      ) : null}
    </>
  );
}
