import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { isKycUnderReview } from '../domain/customer/kyc-review';
import { NewArrivalBidding } from '../features/bidding/components/new-arrival-bidding';
import { KamDetails, NoKamYet } from '../features/customers/components/kam-details';

/** /v2/new-arrivals: the day's bid round on stones certified in the last 24 hours; KYC approval opens it. */
export function NewArrivalsRoute() {
  const customer = useCurrentCustomer();
  const approved = customer.kyc.status === 'approved';
  return (
    <div className="page search-page">
      <title>New Arrivals · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">New Arrivals</h1>
        <p className="page-subtitle">Stones certified in the last {STOCK_LIMITS.newArrivalHours} hours.</p>
      </header>
      {approved ? (
        <NewArrivalBidding customer={customer} />
      ) : (
        <section className="card kyc-gate" aria-labelledby="new-arrivals-locked">
          <h2 className="card-title" id="new-arrivals-locked">
            New arrivals open once your KYC is approved
          </h2>
          <p className="card-text">
            Every day fresh stones come back from the labs. Once your KYC is approved you see them here first,
            with their prices, and can bid on them. Your key account manager can help you finish it.
          </p>
          {isKycUnderReview(customer.kyc) ? (
            <p className="card-text">Your KYC is under review. We answer within 3 days.</p>
          ) : null}
          {customer.kam ? <KamDetails kam={customer.kam} /> : <NoKamYet />}
          {isKycUnderReview(customer.kyc) ? null : (
            <Link className="btn btn-primary kyc-gate-action" to={paths.kyc.href()}>
              Complete KYC Now
            </Link>
          )}
        </section>
      )}
    </div>
  );
}
