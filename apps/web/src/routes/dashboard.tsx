import { Link } from 'react-router';
import { useCurrentCustomer } from '../app/shell/current-customer';
import { DashboardGreeting } from '../features/dashboard/components/dashboard-greeting';
import { KycStatusCard } from '../features/dashboard/components/kyc-status-card';
import { StockCards } from '../features/dashboard/components/stock-cards';
import { KamCard } from '../features/kam/components/kam-card';

export function DashboardRoute() {
  const customer = useCurrentCustomer();
  return (
    <div className="page dashboard">
      <title>Dashboard · Loupe</title>
      <DashboardGreeting customer={customer} />
      <div className="dashboard-grid">
        <StockCards customer={customer} />
        <KycStatusCard customer={customer} />
        <KamCard kam={customer.kam} />
      </div>
      <footer className="page-footer">
        <span>© {new Date().getFullYear()} Loupe Diamonds. Prices in USD.</span>
        <Link to="/privacy-policy">Privacy policy</Link>
      </footer>
    </div>
  );
}
