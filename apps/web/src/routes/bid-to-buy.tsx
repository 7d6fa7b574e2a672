import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { isKycUnderReview } from '../domain/customer/kyc-review';
import { BidToBuyBidding } from '../features/bidding/components/bid-to-buy-bidding';
import { KamDetails, NoKamYet } from '../features/customers/components/kam-details';
import { SearchForm } from '../features/search/components/search-form';

/** /v2/bid-2-buy?path=bidStone|activeBid|bidHistory: the monthly event of sealed bids. */
export function BidToBuyRoute() {
  const customer = useCurrentCustomer();
  const pitch = (
    <section className="card kyc-gate" aria-labelledby="bid-to-buy-locked">
      <h2 className="card-title" id="bid-to-buy-locked">
        Prices and bids open once your KYC is approved
      </h2>
      <p className="card-text">
        Complete your KYC to see the event's prices and bid up to 5% below them, or ask your key account
        manager to call you back.
      </p>
      {customer.kam ? <KamDetails kam={customer.kam} /> : <NoKamYet />}
      {isKycUnderReview(customer.kyc) ? (
        <p className="card-text">Your KYC is under review. We answer within 3 days.</p>
      ) : (
        <Link className="btn btn-primary kyc-gate-action" to={paths.kyc.href()}>
          Complete KYC Now
        </Link>
      )}
    </section>
  );
  return (
    <div className="page search-page">
      <title>Bid to Buy · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Bid to Buy</h1>
        <p className="page-subtitle">
          Selected stones by sealed bids: up to 5% extra off the per-carat price.
        </p>
      </header>
      <BidToBuyBidding
        customer={customer}
        kycPitch={pitch}
        filterForm={(form) => (
          <SearchForm
            customer={customer}
            variant="bid-to-buy"
            submitLabel="Apply Filter"
            heading={<h2 className="section-title">Filter the event's stones</h2>}
            initialFilters={form.initialFilters}
            onSubmit={(filters) => form.onSubmit(filters)}
            onCancel={form.onCancel}
          />
        )}
      />
    </div>
  );
}
