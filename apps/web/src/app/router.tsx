import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { LazyAppShell } from './lazy-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every screen is its own chunk: /v2/login loads the entry plus the login chunk only.
const LoginRoute = lazy(() => import('../routes/login').then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() => import('../routes/register').then((m) => ({ default: m.RegisterRoute })));
const ForgotPasswordRoute = lazy(() =>
  import('../routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const DashboardRoute = lazy(() => import('../routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const MyAccountRoute = lazy(() =>
  import('../routes/my-account').then((m) => ({ default: m.MyAccountRoute })),
);
const SettingRoute = lazy(() => import('../routes/setting').then((m) => ({ default: m.SettingRoute })));
const StockSearchRoute = lazy(() =>
  import('../routes/stock-search').then((m) => ({ default: m.StockSearchRoute })),
);
const DetailPageRoute = lazy(() =>
  import('../routes/detail-page').then((m) => ({ default: m.DetailPageRoute })),
);
const SavedSearchesRoute = lazy(() =>
  import('../routes/saved-searches').then((m) => ({ default: m.SavedSearchesRoute })),
);
const SearchRoute = lazy(() => import('../routes/search').then((m) => ({ default: m.SearchRoute })));
const NewArrivalsRoute = lazy(() =>
  import('../routes/new-arrivals').then((m) => ({ default: m.NewArrivalsRoute })),
);
const BidToBuyRoute = lazy(() => import('../routes/bid-to-buy').then((m) => ({ default: m.BidToBuyRoute })));
const MyCartRoute = lazy(() => import('../routes/my-cart').then((m) => ({ default: m.MyCartRoute })));
const MyOrdersRoute = lazy(() => import('../routes/my-orders').then((m) => ({ default: m.MyOrdersRoute })));
const MyAppointmentsRoute = lazy(() =>
  import('../routes/my-appointments').then((m) => ({ default: m.MyAppointmentsRoute })),
);
const FaqsRoute = lazy(() => import('../routes/faqs').then((m) => ({ default: m.FaqsRoute })));
const MatchingPairRoute = lazy(() =>
  import('../routes/matching-pair').then((m) => ({ default: m.MatchingPairRoute })),
);
const LayoutRoute = lazy(() => import('../routes/layout').then((m) => ({ default: m.LayoutRoute })));
const LayoutViewDetailRoute = lazy(() =>
  import('../routes/layout-view-detail').then((m) => ({ default: m.LayoutViewDetailRoute })),
);
const TradeShowRoute = lazy(() =>
  import('../routes/trade-show').then((m) => ({ default: m.TradeShowRoute })),
);
const EventRoute = lazy(() => import('../routes/event').then((m) => ({ default: m.EventRoute })));
const KycRoute = lazy(() => import('../routes/kyc').then((m) => ({ default: m.KycRoute })));
const NotFoundRoute = lazy(() => import('../routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

/**
 * The app's routes, in react-router's declarative mode: no route loads data through the router
 * (every screen asks the API through react-query), and the data router's code would cost the login
 * page 17 KB of gzipped JavaScript (issue 18). The root layout brings back what the data router
 * gave: scroll restoration and the error screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.login.pattern} element={<LoginRoute />} />
        <Route path={paths.register.pattern} element={<RegisterRoute />} />
        <Route path={paths.forgotPassword.pattern} element={<ForgotPasswordRoute />} />
        <Route
          element={
            <RequireAuth>
              <LazyAppShell />
            </RequireAuth>
          }
        >
          <Route path={paths.dashboard.pattern} element={<DashboardRoute />} />
          <Route path={paths.dashboardV2.pattern} element={<DashboardRoute />} />
          <Route path={paths.myAccount.pattern} element={<MyAccountRoute />} />
          <Route path={paths.setting.pattern} element={<SettingRoute />} />
          <Route path={paths.search.pattern} element={<SearchRoute />} />
          <Route path={paths.newArrivals.pattern} element={<NewArrivalsRoute />} />
          <Route path={paths.bidToBuy.pattern} element={<BidToBuyRoute />} />
          <Route path={paths.stockSearch.pattern} element={<StockSearchRoute />} />
          <Route path={paths.detailPage.pattern} element={<DetailPageRoute />} />
          <Route path={paths.savedSearches.pattern} element={<SavedSearchesRoute />} />
          <Route path={paths.myCart.pattern} element={<MyCartRoute />} />
          <Route path={paths.myOrders.pattern} element={<MyOrdersRoute />} />
          <Route path={paths.myAppointments.pattern} element={<MyAppointmentsRoute />} />
          <Route path={paths.appointments.pattern} element={<MyAppointmentsRoute />} />
          <Route path={paths.faqs.pattern} element={<FaqsRoute />} />
          <Route path={paths.matchingPair.pattern} element={<MatchingPairRoute />} />
          <Route path={paths.layout.pattern} element={<LayoutRoute />} />
          <Route path={paths.layoutViewDetail.pattern} element={<LayoutViewDetailRoute />} />
          <Route path={paths.kyc.pattern} element={<KycRoute />} />
          <Route path={paths.tradeShow.pattern} element={<TradeShowRoute />} />
          <Route path={paths.event.pattern} element={<EventRoute />} />
          {/* Screens of later issues land here until they exist. */}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}
