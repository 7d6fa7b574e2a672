import type { BidToBuyRow } from '@loupe/contract/bid-to-buy';
import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { type SortState, sortStones } from '../../../domain/stones/sort-stones';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import {
  type BidToBuySearch,
  useBidToBuy,
  useBidToBuyHistory,
  useBidToBuyStoneSearch,
  usePlaceBidToBuy,
} from '../api/bids';
import { BID_TAB_KEYS, BID_TAB_LABELS, type BidTabKey, parseBidTab } from '../bid-rules';
import { BID_COLUMNS } from './bid-columns';
import { BidPanel } from './bid-panel';
import { Countdown } from './countdown';
import '../bidding.css';

const COLUMNS: Record<BidTabKey, (typeof BID_COLUMNS)[keyof typeof BID_COLUMNS][]> = {
  bidStone: [BID_COLUMNS.original, BID_COLUMNS.floor],
  activeBid: [BID_COLUMNS.original, BID_COLUMNS.mine],
  bidHistory: [BID_COLUMNS.result, BID_COLUMNS.mine, BID_COLUMNS.date],
};

/**
 * /v2/bid-2-buy: the monthly event (REST, sealed bids). Bid Stone stays empty until a stone id
 * search or "Show all stones"; Active Bid lists my bids; Bid History my closed ones. The bid panel
 * bids above the event floor or my own bid. Customers whose KYC is not approved see the stones
 * with prices locked and `kycPitch` instead of the panel.
 */
export function BidToBuyBidding({ customer, kycPitch }: { customer: Customer; kycPitch: ReactNode }) {
  const approved = customer.kyc.status === 'approved';
  const [params, setParams] = useSearchParams();
  const tab = parseBidTab(params.get('path'));
  const [search, setSearch] = useState<BidToBuySearch>({});
  const event = useBidToBuy(search);
  const history = useBidToBuyHistory(tab === 'bidHistory' && approved);
  const stoneSearch = useBidToBuyStoneSearch();
  const place = usePlaceBidToBuy();
  const [keywords, setKeywords] = useState('');
  const [selection, setSelection] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [placedNote, setPlacedNote] = useState<string | null>(null);

  const rows: Stone[] = useMemo(() => {
    if (tab === 'bidHistory') return (history.data?.bids ?? []) as Stone[];
    if (!event.data) return [];
    return (tab === 'bidStone' ? event.data.bidStone : event.data.activeStone) as Stone[];
  }, [tab, event.data, history.data]);
  const shown = useMemo(() => sortStones(rows, sort), [rows, sort]);
  const selected =
    selection.length === 1 ? (rows.find((r) => r.id === selection[0]) as BidToBuyRow | undefined) : undefined;

  const chooseTab = (next: BidTabKey) => {
    setSelection([]);
    setPlacedNote(null);
    place.reset();
    const changed = new URLSearchParams(params);
    changed.set('path', next);
    setParams(changed, { replace: true });
  };

  const searchStones = async (submit: FormEvent) => {
    submit.preventDefault();
    if (!keywords.trim()) return;
    const reportId = await stoneSearch.mutateAsync(keywords).catch(() => null);
    if (reportId) setSearch({ textSearchReportId: reportId });
  };

  if (event.isError && isApiError(event.error) && event.error.code === 'INACTIVE_BID_TO_BUY') {
    return (
      <section className="card" aria-labelledby="bid-to-buy-inactive">
        <h2 className="card-title" id="bid-to-buy-inactive">
          <span className="badge badge-muted">INACTIVE</span> No bid-to-buy event is running
        </h2>
        <p className="card-text">
          {customer.bid_to_buy.starts_at
            ? `The next event starts on ${new Date(customer.bid_to_buy.starts_at).toLocaleString()}.`
            : 'Selected stones go on sale by sealed bids once a month, up to 5% extra off the per-carat price.'}
        </p>
      </section>
    );
  }
  if (event.isError) return <p role="alert">{errorText(event.error)}</p>;
  if (!event.data) return <Spinner label="Loading the bid-to-buy event" />;

  const floor =
    selected && tab === 'activeBid'
      ? selected.my_current_bid
      : selected && tab === 'bidStone'
        ? selected.discount
        : null;
  const counts: Record<BidTabKey, number | undefined> = {
    bidStone: event.data.bidStone.length,
    activeBid: event.data.activeStone.length,
    bidHistory: history.data?.count,
  };

  return (
    <div className="bidding">
      <div className="bidding-head">
        <p className="bidding-status">
          <span className="badge badge-success">ACTIVE</span>
        </p>
        <Countdown endTime={event.data.endTime} label="Event ends in" />
      </div>
      {approved ? null : kycPitch}
      <Tabs
        label="Bids"
        tabs={BID_TAB_KEYS.map((key) => ({ key, label: BID_TAB_LABELS[key], count: counts[key] }))}
        selected={tab}
        onSelect={chooseTab}
      >
        {tab === 'bidStone' ? (
          <form className="bid-search" onSubmit={(submit) => void searchStones(submit)}>
            <input
              type="search"
              className="input bid-stone-id"
              aria-label="Search by Stone ID"
              placeholder="Search by Stone ID"
              value={keywords}
              onChange={(change) => setKeywords(change.target.value)}
            />
            <Button type="submit" variant="secondary" size="sm" disabled={stoneSearch.isPending}>
              Search
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setSearch({ filters: {} })}>
              Show all stones
            </Button>
            {stoneSearch.isError ? <span role="alert">{errorText(stoneSearch.error)}</span> : null}
          </form>
        ) : null}
        {tab === 'bidHistory' && history.isError ? (
          <p role="alert">{errorText(history.error)}</p>
        ) : (
          <StoneGrid
            label={`Bid to buy: ${BID_TAB_LABELS[tab]}`}
            stones={shown}
            loading={event.isFetching || (tab === 'bidHistory' && history.isFetching)}
            sort={sort}
            onSortChange={setSort}
            selectedIds={selection}
            onSelectionChange={setSelection}
            source="bid-2-buy"
            customer={customer}
            exportScope={{ fileName: tab === 'bidHistory' ? 'bid_to_buy_history.xlsx' : 'bid_to_buy.xlsx' }}
            trackingPage="bid_to_buy"
            extraColumns={COLUMNS[tab]}
            empty={
              tab === 'bidStone' && !search.filters && !search.textSearchReportId
                ? 'Search by stone id or show all stones to see the stones of the event.'
                : tab === 'activeBid'
                  ? 'You have no bids in this event yet.'
                  : tab === 'bidHistory'
                    ? 'No bids of past events yet.'
                    : 'No stone of the event matches.'
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
      ) : null}
      {approved && selected && floor !== null && floor !== undefined ? (
        <BidPanel
          key={`${selected.id}/${floor}`}
          stone={selected}
          floor={floor}
          action={tab === 'activeBid' ? 'Update Bid' : 'Add Bid'}
          busy={place.isPending}
          error={place.isError ? errorText(place.error) : null}
          onBid={(value) =>
            place.mutate(
              { product_id: selected.id, bid_value: value },
              {
                onSuccess: () => {
                  setPlacedNote(`Your bid of ${value.toFixed(2)}% on ${selected.lot_id} is placed.`);
                  setSelection([]);
                },
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
