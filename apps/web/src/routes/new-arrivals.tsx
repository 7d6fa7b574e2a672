import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { isKycUnderReview } from '../domain/customer/kyc-review';
import { NewArrivalBidding } from '../features/bidding/components/new-arrival-bidding';
import { KamDetails, NoKamYet } from '../features/customers/components/kam-details';
import { useResultStones } from '../features/search/api/search-api';
import { SearchForm } from '../features/search/components/search-form';

/** /v2/new-arrivals: the day's bid round on stones certified in the last 24 hours; KYC approval opens it. */
export function NewArrivalsRoute() {
  const customer = useCurrentCustomer();
  const approved = customer.kyc.status === 'approved';
  // New arrivals filter on the client (domain-facts §4): the search finds which new arrivals
  // match the applied filters, and the live board keeps only those.
  const [filters, setFilters] = useState<StoneFiltersInput | null>(null);
  const matching = useResultStones(approved ? filters : null, null, true);
  const matchingIds = useMemo(
    () => (matching.data ? new Set(matching.data.stones.map((stone) => stone.id)) : undefined),
    [matching.data],
  );
  return (
    <div className="page search-page">
      <title>New Arrivals · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">New Arrivals</h1>
        <p className="page-subtitle">Stones certified in the last {STOCK_LIMITS.newArrivalHours} hours.</p>
      </header>
      {approved ? (
        <NewArrivalBidding
          customer={customer}
          filters={{
            applied: filters,
            onApply: setFilters,
            matchingIds: filters ? matchingIds : null,
            form: (form) => (
              <SearchForm
                customer={customer}
                variant="new-arrivals"
                submitLabel="Apply Filter"
                heading={<h2 className="section-title">Filter the new arrivals</h2>}
                initialFilters={form.initialFilters}
                onSubmit={(applied) => form.onSubmit(applied)}
                onCancel={form.onCancel}
              />
            ),
          }}
        />
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
