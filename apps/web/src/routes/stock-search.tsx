import { useCurrentCustomer } from '../domain/customer/current-customer';
import { StockSearchResults } from '../features/text-search/components/stock-search-results';
import { buyingActions } from './compose/buying-actions';

/** /v2/stock-search?path=<source page>: the stones a stone id / certificate number search found. */
export function StockSearchRoute() {
  const customer = useCurrentCustomer();
  return (
    <div className="page stock-search-page">
      <title>Stone ID Search · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Stone ID Search</h1>
      </header>
      <StockSearchResults customer={customer} stoneActions={buyingActions('dashboard')} />
    </div>
  );
}
