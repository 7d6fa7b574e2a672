import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { customerKeys, fetchCustomer } from '../domain/customer/customer-cache';
import {
  AppointmentsCard,
  prefetchAppointmentsCard,
} from '../features/appointments/components/appointments-card';
import { RequestCallbackButton } from '../features/appointments/components/callback-dialog';
import { BidToBuyPromo } from '../features/bidding/components/bid-to-buy-promo';
import { DashboardGreeting } from '../features/customers/components/dashboard-greeting';
import { KamCard } from '../features/customers/components/kam-card';
import { KycStatusCard } from '../features/customers/components/kyc-status-card';
import { StockCards } from '../features/customers/components/stock-cards';
import { OrdersWidget, prefetchOrdersWidget } from '../features/orders/components/orders-widget';
import {
  LatestSavedSearches,
  prefetchLatestSavedSearches,
} from '../features/saved-searches/components/latest-saved-searches';
import { DashboardTextSearch } from '../features/text-search/components/dashboard-text-search';
import { useSavedSearchActions } from './compose/saved-search-actions';
import './dashboard.css';

/**
 * A fresh load of the dashboard asks for its cards' data together with the customer (issue 18:
 * one round trip), not after the customer has answered and the cards are on the screen; the
 * appointments, which only an approved customer has, follow the customer's answer. Settles once
 * all of it is in the cache, answered or failed (the first render waits for it a while: main.tsx).
 */
export function prefetchDashboard(client: QueryClient): Promise<unknown> {
  return Promise.all([
    prefetchOrdersWidget(client),
    prefetchLatestSavedSearches(client),
    client
      .fetchQuery({ queryKey: customerKeys.me(), queryFn: fetchCustomer, staleTime: 30_000 })
      .then((customer) => prefetchAppointmentsCard(client, customer))
      // The shell shows a failed customer call; nothing to add here.
      .catch(() => undefined),
  ]);
}

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
