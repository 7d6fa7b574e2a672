import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import {
  type BidToBuySearch,
  useBidToBuy,
  useBidToBuyHistory,
  useBidToBuyStoneSearch,
  usePlaceBidToBuy,
} from '../api/bids';
import { parseBidTab } from '../bid-rules';
import { BID_COLUMNS } from './bid-columns';
import { BiddingBoard, type FilterFormSlot } from './bidding-board';
import { Countdown } from './countdown';
import '../bidding.css';
import { formatDateTime } from '../../../lib/format';

export interface BidToBuyBiddingProps {
  customer: Customer;
  /** What customers whose KYC is not approved see in place of the bid panel. */
  kycPitch: ReactNode;
  /** The search's filter form, composed by the route. */
  filterForm?: FilterFormSlot;
}

/**
 * /v2/bid-2-buy: the monthly event (REST, sealed bids) on the shared bidding board. Bid Stone
 * stays empty until a stone id search, a filter or "Show all stones"; Active Bid lists my bids;
 * Bid History my closed ones. With no event running, Bid Stone and Active Bid say so and Bid
 * History still lists my past bids (where a lost bid's notice leads). Customers whose KYC is not
 * approved see the stones with prices locked and `kycPitch` instead of the panel.
 */
export function BidToBuyBidding({ customer, kycPitch, filterForm }: BidToBuyBiddingProps) {
  const approved = customer.kyc.status === 'approved';
  const [params] = useSearchParams();
  const [search, setSearch] = useState<BidToBuySearch>({});
  const event = useBidToBuy(search);
  const history = useBidToBuyHistory(parseBidTab(params.get('path')) === 'bidHistory' && approved);
  const stoneSearch = useBidToBuyStoneSearch();
  const place = usePlaceBidToBuy();
  const [keywords, setKeywords] = useState('');

  const searchStones = async (submit: FormEvent) => {
    submit.preventDefault();
    if (!keywords.trim()) return;
    const reportId = await stoneSearch.mutateAsync(keywords).catch(() => null);
    if (reportId) setSearch({ textSearchReportId: reportId });
  };

  const inactive = event.isError && isApiError(event.error) && event.error.code === 'INACTIVE_BID_TO_BUY';
  if (event.isError && !inactive) return <p role="alert">{errorText(event.error)}</p>;
  if (!event.data && !inactive) return <Spinner label="Loading the bid-to-buy event" />;
  const running = inactive ? null : event.data;

  const noEvent = (
    <section className="bid-inactive" aria-labelledby="bid-to-buy-inactive">
      <h2 className="card-title" id="bid-to-buy-inactive">
        No bid-to-buy event is running
      </h2>
      <p className="card-text">
        {customer.bid_to_buy.starts_at
          ? `The next event starts on ${formatDateTime(customer.bid_to_buy.starts_at)}.`
          : 'Selected stones go on sale by sealed bids once a month, up to 5% extra off the per-carat price.'}
      </p>
    </section>
  );
  const asked = Boolean(search.filters || search.textSearchReportId);
  return (
    <div className="bidding">
      <div className="bidding-head">
        <p className="bidding-status">
          {running ? (
            <span className="badge badge-success">ACTIVE</span>
          ) : (
            <span className="badge badge-muted">INACTIVE</span>
          )}
        </p>
        {running ? <Countdown endTime={running.endTime} label="Event ends in" /> : null}
      </div>
      <BiddingBoard
        customer={customer}
        title="Bid to buy"
        source="bid-2-buy"
        trackingPage="bid_to_buy"
        canBid={approved && Boolean(running)}
        notice={approved ? null : kycPitch}
        placeBid={(id, value) => place.mutateAsync({ product_id: id, bid_value: value })}
        refusalText={(error) => errorText(error)}
        filters={
          filterForm && running
            ? {
                form: filterForm,
                applied: search.filters && Object.keys(search.filters).length > 0 ? search.filters : null,
                onApply: (filters) => setSearch(filters ? { filters } : {}),
              }
            : undefined
        }
        toolbar={(tab) =>
          tab === 'bidStone' && running ? (
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
          ) : null
        }
        noMatch="No stone of the event matches."
        tabs={{
          bidStone: {
            rows: (running?.bidStone ?? []) as Stone[],
            count: running?.bidStone.length,
            loading: event.isFetching,
            empty: !running
              ? noEvent
              : asked
                ? 'No stone of the event matches.'
                : 'Search by stone id, apply a filter or show all stones to see the stones of the event.',
            columns: [BID_COLUMNS.original, BID_COLUMNS.floor],
            fileName: 'bid_to_buy.xlsx',
            bidSheet: 'bid_to_buy',
          },
          activeBid: {
            rows: (running?.activeStone ?? []) as Stone[],
            count: running?.activeStone.length,
            loading: event.isFetching,
            empty: running ? 'You have no bids in this event yet.' : noEvent,
            columns: [BID_COLUMNS.original, BID_COLUMNS.mine],
            fileName: 'bid_to_buy.xlsx',
            bidSheet: 'bid_to_buy',
          },
          bidHistory: {
            rows: (history.data?.bids ?? []) as Stone[],
            count: history.data?.count,
            loading: history.isFetching,
            error: history.isError ? errorText(history.error) : null,
            empty: 'No bids of past events yet.',
            columns: [BID_COLUMNS.result, BID_COLUMNS.mine, BID_COLUMNS.date],
            fileName: 'bid_to_buy_history.xlsx',
            bidSheet: 'bid_to_buy_history',
          },
        }}
      />
    </div>
  );
}
