import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useCallback, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { filterByStoneId } from '../../../domain/stones/stone-id-filter';
import { useToken } from '../../../lib/auth-token';
import { errorText, realtimeErrorText } from '../../../lib/error-text';
import { useNewArrivalHistory } from '../api/bids';
import { useNewArrivalBids } from '../api/use-new-arrival-bids';
import { parseBidTab } from '../bid-rules';
import { BID_COLUMNS } from './bid-columns';
import { BiddingBoard, type BoardFilters } from './bidding-board';
import { Countdown } from './countdown';
import '../bidding.css';
import { useSearchParams } from 'react-router';

export interface NewArrivalBiddingProps {
  customer: Customer;
  /**
   * The filter form and what it applies. New arrivals filter on the client: `matchingIds` are the
   * new arrivals the applied filters find (undefined while they are being found).
   */
  filters?: BoardFilters & { matchingIds?: ReadonlySet<string> | null };
}

/**
 * /v2/new-arrivals for an approved customer: the live round over `/bidding` with its countdown,
 * on the shared bidding board. Every bid anyone places updates the view within a second.
 */
export function NewArrivalBidding({ customer, filters }: NewArrivalBiddingProps) {
  const token = useToken();
  const live = useNewArrivalBids(token);
  const [params] = useSearchParams();
  const history = useNewArrivalHistory(parseBidTab(params.get('path')) === 'bidHistory');
  const [stoneId, setStoneId] = useState('');
  const matchingIds = filters?.applied ? filters.matchingIds : null;

  const narrow = useCallback(
    (rows: readonly Stone[]) => {
      const byId = filterByStoneId([...rows], stoneId);
      if (matchingIds === null) return byId;
      if (matchingIds === undefined) return [];
      return byId.filter((row) => matchingIds.has(row.id));
    },
    [stoneId, matchingIds],
  );

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

  return (
    <div className="bidding">
      <div className="bidding-head">
        <Countdown endTime={live.view.endTime} label="Round closes in" />
        {!live.connected ? <p className="card-muted">Reconnecting to the live bids…</p> : null}
      </div>
      <BiddingBoard
        customer={customer}
        title="New arrivals"
        source="new-arrivals"
        trackingPage="new_arrivals"
        canBid
        placeBid={(id, value) => live.placeBid(id, value)}
        refusalText={realtimeErrorText}
        cancelBids={live.cancelBids}
        narrow={narrow}
        noMatch={
          filters?.applied
            ? 'No stone matches the filters or that stone id.'
            : 'No stone matches that stone id.'
        }
        filters={filters}
        toolbar={() => (
          <input
            type="search"
            className="input bid-stone-id"
            aria-label="Search by Stone ID"
            placeholder="Search by Stone ID"
            value={stoneId}
            onChange={(event) => setStoneId(event.target.value)}
          />
        )}
        tabs={{
          bidStone: {
            rows: live.view.bidStone as Stone[],
            count: live.view.bidStone.length,
            loading: false,
            empty: 'No new arrivals are open for bidding right now. New stones arrive every day.',
            columns: [BID_COLUMNS.asking, BID_COLUMNS.max],
            fileName: 'new_arrivals.xlsx',
            bidSheet: 'new_arrival_bid',
          },
          activeBid: {
            rows: live.view.activeStone as Stone[],
            count: live.view.activeStone.length,
            loading: false,
            empty: 'You have no bids in this round yet. Pick a stone on Bid Stone to bid.',
            columns: [BID_COLUMNS.mine, BID_COLUMNS.max],
            fileName: 'new_arrivals.xlsx',
            bidSheet: 'new_arrival_bid',
          },
          bidHistory: {
            rows: (history.data?.bids ?? []) as Stone[],
            count: history.data?.count,
            loading: history.isFetching,
            error: history.isError ? errorText(history.error) : null,
            empty: 'No bids of closed rounds yet.',
            columns: [BID_COLUMNS.result, BID_COLUMNS.mine, BID_COLUMNS.max, BID_COLUMNS.date],
            fileName: 'new_arrivals_bid_history.xlsx',
            bidSheet: 'new_arrival_bid_history',
          },
        }}
      />
    </div>
  );
}
