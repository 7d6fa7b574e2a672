import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { AppointmentsCard } from '../features/appointments/components/appointments-card';
import { RequestCallbackButton } from '../features/appointments/components/callback-dialog';
import { BidToBuyPromo } from '../features/bidding/components/bid-to-buy-promo';
import { DashboardGreeting } from '../features/customers/components/dashboard-greeting';
import { KamCard } from '../features/customers/components/kam-card';
import { KycStatusCard } from '../features/customers/components/kyc-status-card';
import { StockCards } from '../features/customers/components/stock-cards';
import { OrdersWidget } from '../features/orders/components/orders-widget';
import { LatestSavedSearches } from '../features/saved-searches/components/latest-saved-searches';
import { DashboardTextSearch } from '../features/text-search/components/dashboard-text-search';
import { useSavedSearchActions } from './compose/saved-search-actions';
import './dashboard.css';

export function DashboardRoute() {
  const customer = useCurrentCustomer();
  const savedSearchActions = useSavedSearchActions();
  return (
    <div className="page dashboard">
      <title>Dashboard · Loupe</title>
      <DashboardGreeting customer={customer} />
      <BidToBuyPromo customer={customer} />
      <div className="dashboard-grid">
        <DashboardTextSearch customer={customer} />
        <StockCards customer={customer} />
        <KycStatusCard customer={customer} />
        <OrdersWidget />
        <AppointmentsCard />
        <LatestSavedSearches actions={savedSearchActions} />
        <KamCard kam={customer.kam} actions={customer.kam ? <RequestCallbackButton /> : null} />
      </div>
      <footer className="page-footer">
        <span>© {new Date().getFullYear()} Loupe Diamonds. Prices in USD.</span>
        <a href={paths.privacyPolicy.href()}>Privacy policy</a>
      </footer>
    </div>
  );
}
