import type { Customer } from '@loupe/contract/customers';
import { Link } from 'react-router';
import { CardHead } from '../../../components/ui/card-head';
import { paths } from '../../../config/paths';
import { formatCount, formatDateTime } from '../../../lib/format';
import '../customers.css';

export type BidToBuyState =
  | { status: 'ACTIVE'; endsAt: string }
  | { status: 'INACTIVE'; startsAt: string }
  | { status: 'INACTIVE'; startsAt: null };

/** ACTIVE while an event runs (end time set); INACTIVE with its start date when one is planned. */
export function bidToBuyState(bid: Customer['bid_to_buy']): BidToBuyState {
  if (bid.endTime) return { status: 'ACTIVE', endsAt: bid.endTime };
  return { status: 'INACTIVE', startsAt: bid.starts_at };
}

function NewArrivalsCard({ count }: { count: number }) {
  return (
    <section className="card stat-card" aria-labelledby="new-arrivals-card">
      <CardHead icon="sparkle" title="New Arrivals" id="new-arrivals-card" />
      <p className="stat-value">{formatCount(count)}</p>
      <p className="stat-note">{count === 1 ? 'stone' : 'stones'} certified in the last 24 hours</p>
      {count > 0 ? (
        <Link className="card-link" to={paths.newArrivals.href()}>
          Browse today's stones
        </Link>
      ) : (
        <p className="card-muted">New stones are certified every day; check back tomorrow.</p>
      )}
    </section>
  );
}

function BidToBuyCard({ bid }: { bid: Customer['bid_to_buy'] }) {
  const state = bidToBuyState(bid);
  return (
    <section className="card stat-card" aria-labelledby="bid-to-buy-card">
      <CardHead icon="gavel" tone="gold" title="Bid to Buy" id="bid-to-buy-card">
        <span className={`badge ${state.status === 'ACTIVE' ? 'badge-success' : 'badge-muted'}`}>
          {state.status}
        </span>
      </CardHead>
      <p className="stat-value">{formatCount(bid.count)}</p>
      <p className="stat-note">{bid.count === 1 ? 'stone' : 'stones'} in the event</p>
      {state.status === 'ACTIVE' ? (
        <>
          <p className="card-muted">Bidding closes {formatDateTime(state.endsAt)}</p>
          <Link className="card-link" to={paths.bidToBuy.href()}>
            Place your bids
          </Link>
        </>
      ) : state.startsAt ? (
        <p className="card-muted">Bid starts on {formatDateTime(state.startsAt)}</p>
      ) : (
        <p className="card-muted">No event is scheduled right now.</p>
      )}
    </section>
  );
}

function MyCartCard({ count }: { count: number }) {
  return (
    <section className="card stat-card" aria-labelledby="my-cart-card">
      <CardHead icon="cart" title="My Cart" id="my-cart-card" />
      <p className="stat-value">{formatCount(count)}</p>
      <p className="stat-note">{count === 1 ? 'stone' : 'stones'} in your cart</p>
      <Link className="card-link" to={paths.myCart.href({ path: 'active' })}>
        View My Cart
      </Link>
    </section>
  );
}

export function StockCards({ customer }: { customer: Customer }) {
  return (
    <>
      <NewArrivalsCard count={customer.new_arrivals_count} />
      <BidToBuyCard bid={customer.bid_to_buy} />
      <MyCartCard count={customer.cart.count} />
    </>
  );
}
