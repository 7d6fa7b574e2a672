import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { CurrentCustomerContext } from '../../domain/customer/current-customer';
import { unlessJustAnswered, useCustomer } from '../../domain/customer/customer-query';
import { useLocationCapture } from '../../features/customers/hooks/use-location-capture';
import { useSideBarConfig } from '../../features/help/api/help-api';
import { KycNudge } from '../../features/kyc/components/kyc-nudge';
import { TourProvider } from '../../features/tour/components/tour-provider';
import { TradeShowBanner } from '../../features/trade-shows/components/trade-show-banner';
import { isApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { MaintenanceView } from '../overlays/maintenance-view';
import { wantToasts } from '../toaster-slot';
import { usePageTime } from '../use-page-time';
import { SideBar } from './side-bar';
import { TopBar } from './top-bar';
import { useMaintenanceEnd } from './use-maintenance-end';

function CustomerLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="page empty-state" role="alert">
      <h1 className="page-title">We could not load your account</h1>
      <p className="page-subtitle">{errorText(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** The authenticated layout: side bar, top bar and the current screen (spec §2). */
export function AppShell() {
  const query = useCustomer({ refetchOnMount: unlessJustAnswered });
  const customer = query.data;
  const sideBar = useSideBarConfig();
  useLocationCapture(Boolean(customer));
  usePageTime();
  useEffect(wantToasts, []);
  const maintenanceEnd = customer?.maintenance_mode.end_date ?? null;
  // The view comes and goes with the customer's maintenance_mode: asked for again when the sales
  // team switches it (the realtime event, use-notice-events.ts) and when its end arrives.
  useMaintenanceEnd(maintenanceEnd);

  let content: ReactNode;
  if (customer) {
    content = maintenanceEnd ? (
      <MaintenanceView endDate={maintenanceEnd} kam={customer.kam} />
    ) : (
      <CurrentCustomerContext value={customer}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </CurrentCustomerContext>
    );
  } else if (query.isError && !(isApiError(query.error) && [410, 419].includes(query.error.status))) {
    // An ended session is handled by the session dialog and the redirect to the login page.
    content = <CustomerLoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    content = <PageSpinner label="Loading your account" />;
  }

  return (
    <TourProvider customer={customer}>
      <div className="shell">
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <SideBar customer={customer} items={sideBar.data} />
        <div className="shell-main">
          <TopBar customer={customer} />
          {customer && !maintenanceEnd ? <TradeShowBanner tradeShow={customer.trade_show} /> : null}
          {customer && !maintenanceEnd ? <KycNudge customer={customer} /> : null}
          <main className="shell-content" id="main-content" tabIndex={-1}>
            {content}
          </main>
        </div>
      </div>
    </TourProvider>
  );
}
