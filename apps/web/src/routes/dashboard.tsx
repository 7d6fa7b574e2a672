import { Link } from 'react-router';
import { useCurrentCustomer } from '../app/shell/current-customer';
import { paths } from '../config/paths';
import { DashboardGreeting } from '../features/dashboard/components/dashboard-greeting';
import { KycStatusCard } from '../features/dashboard/components/kyc-status-card';
import { StockCards } from '../features/dashboard/components/stock-cards';
import { KamCard } from '../features/kam/components/kam-card';
import { OrdersWidget } from '../features/orders/components/orders-widget';
import { LatestSavedSearches } from '../features/saved-searches/components/latest-saved-searches';
import { DashboardTextSearch } from '../features/text-search/components/dashboard-text-search';

export function DashboardRoute() {
  const customer = useCurrentCustomer();
  return (
    <div className="page dashboard">
      <title>Dashboard · Loupe</title>
      <DashboardGreeting customer={customer} />
      <div className="dashboard-grid">
        <DashboardTextSearch customer={customer} />
        <StockCards customer={customer} />
        <KycStatusCard customer={customer} />
        <OrdersWidget />
        <LatestSavedSearches />
        <KamCard kam={customer.kam} />
      </div>
      <footer className="page-footer">
        <span>© {new Date().getFullYear()} Loupe Diamonds. Prices in USD.</span>
        <Link to={paths.privacyPolicy.href()}>Privacy policy</Link>
      </footer>
    </div>
  );
}
