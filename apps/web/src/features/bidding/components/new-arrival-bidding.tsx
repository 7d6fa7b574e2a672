import type { BidStoneRow } from '@loupe/contract/bidding';
import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { StoneGrid } from '../../../domain/stones/grid/stone-grid';
import { type SortState, sortStones } from '../../../domain/stones/sort-stones';
import { filterByStoneId } from '../../../domain/stones/stone-id-filter';
import { useToken } from '../../../lib/auth-token';
import { errorText, realtimeErrorText } from '../../../lib/error-text';
import { useNewArrivalHistory } from '../api/bids';
import { useNewArrivalBids } from '../api/use-new-arrival-bids';
import { BID_TAB_KEYS, BID_TAB_LABELS, type BidTabKey, parseBidTab } from '../bid-rules';
import { BID_COLUMNS } from './bid-columns';
import { BidPanel } from './bid-panel';
import { Countdown } from './countdown';
import '../bidding.css';

const COLUMNS: Record<BidTabKey, (typeof BID_COLUMNS)[keyof typeof BID_COLUMNS][]> = {
  bidStone: [BID_COLUMNS.asking, BID_COLUMNS.max],
  activeBid: [BID_COLUMNS.mine, BID_COLUMNS.max],
  bidHistory: [BID_COLUMNS.result, BID_COLUMNS.mine, BID_COLUMNS.max, BID_COLUMNS.date],
};

const EMPTY: Record<BidTabKey, string> = {
  bidStone: 'No new arrivals are open for bidding right now. New stones arrive every day.',
  activeBid: 'You have no bids in this round yet. Pick a stone on Bid Stone to bid.',
  bidHistory: 'No bids of closed rounds yet.',
};

/**
 * /v2/new-arrivals for an approved customer: the live round over `/bidding` with its countdown,
 * the Bid Stone / Active Bid / Bid History tabs (`?path=`), and the bid panel for the selected
 * stone. Every bid anyone places updates the view within a second.
 */
export function NewArrivalBidding({ customer }: { customer: Customer }) {
  const token = useToken();
  const live = useNewArrivalBids(token);
  const [params, setParams] = useSearchParams();
  const tab = parseBidTab(params.get('path'));
  const history = useNewArrivalHistory(tab === 'bidHistory');
  const [selection, setSelection] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placedNote, setPlacedNote] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [stoneId, setStoneId] = useState('');

  const rows: Stone[] = useMemo(() => {
    if (tab === 'bidHistory') return (history.data?.bids ?? []) as Stone[];
    if (!live.view) return [];
    return (tab === 'bidStone' ? live.view.bidStone : live.view.activeStone) as Stone[];
  }, [tab, live.view, history.data]);
  const shown = useMemo(() => sortStones(filterByStoneId(rows, stoneId), sort), [rows, sort, stoneId]);
  const selected =
    selection.length === 1 ? (rows.find((r) => r.id === selection[0]) as BidStoneRow | undefined) : undefined;

  const chooseTab = (next: BidTabKey) => {
    setSelection([]);
    setRefusal(null);
    setPlacedNote(null);
    const changed = new URLSearchParams(params);
    changed.set('path', next);
    setParams(changed, { replace: true });
  };

  const bid = async (value: number) => {
    if (!selected) return;
    setBusy(true);
    setRefusal(null);
    setPlacedNote(null);
    try {
      await live.placeBid(selected.id, value);
      setPlacedNote(`Your bid of ${value.toFixed(2)}% on ${selected.lot_id} is placed.`);
      setSelection([]);
    } catch (error) {
      setRefusal(realtimeErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (live.error) {
    return (
      <p className="card" role="alert">
        {realtimeErrorText(live.error)}
      </p>
    );
  }
  if (!live.view) {
    return (
      <div className="bid-loading">
        <Spinner label="Connecting to the live bids" />
      </div>
    );
  }

  const floor =
    selected && tab === 'activeBid'
      ? selected.my_current_bid
      : selected && tab === 'bidStone'
        ? selected.discount
        : null;
  const counts: Record<BidTabKey, number | undefined> = {
    bidStone: live.view.bidStone.length,
    activeBid: live.view.activeStone.length,
    bidHistory: history.data?.count,
  };

  return (
    <div className="bidding">
      <div className="bidding-head">
        <Countdown endTime={live.view.endTime} label="Round closes in" />
        {!live.connected ? <p className="card-muted">Reconnecting to the live bids…</p> : null}
      </div>
      <Tabs
        label="Bids"
        tabs={BID_TAB_KEYS.map((key) => ({ key, label: BID_TAB_LABELS[key], count: counts[key] }))}
        selected={tab}
        onSelect={chooseTab}
      >
        {tab === 'bidHistory' && history.isError ? (
          <p role="alert">{errorText(history.error)}</p>
        ) : (
          <StoneGrid
            label={`New arrivals: ${BID_TAB_LABELS[tab]}`}
            stones={shown}
            loading={tab === 'bidHistory' && history.isFetching}
            sort={sort}
            onSortChange={setSort}
            selectedIds={selection}
            onSelectionChange={setSelection}
            source="new-arrivals"
            customer={customer}
            exportScope={{
              fileName: tab === 'bidHistory' ? 'new_arrivals_bid_history.xlsx' : 'new_arrivals.xlsx',
            }}
            trackingPage="new_arrivals"
            extraColumns={COLUMNS[tab]}
            empty={rows.length > 0 ? 'No stone matches that stone id.' : EMPTY[tab]}
            toolbarStart={
              <input
                type="search"
                className="input bid-stone-id"
                aria-label="Search by Stone ID"
                placeholder="Search by Stone ID"
                value={stoneId}
                onChange={(event) => setStoneId(event.target.value)}
              />
            }
            selectionActions={
              tab === 'activeBid'
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
      ) : null}
      {selected && floor !== null && floor !== undefined ? (
        <BidPanel
          key={`${selected.id}/${floor}`}
          stone={selected}
          floor={floor}
          action={tab === 'activeBid' ? 'Update Bid' : 'Add Bid'}
          busy={busy}
          error={refusal}
          onBid={(value) => void bid(value)}
        />
      ) : tab !== 'bidHistory' && rows.length > 0 ? (
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
                  live.cancelBids(selection);
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
    </div>
  );
}
