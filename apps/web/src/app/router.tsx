import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { LazyAppShell } from './lazy-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';

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

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: paths.login.pattern, element: <LoginRoute /> },
        { path: paths.register.pattern, element: <RegisterRoute /> },
        { path: paths.forgotPassword.pattern, element: <ForgotPasswordRoute /> },
        {
          element: (
            <RequireAuth>
              <LazyAppShell />
            </RequireAuth>
          ),
          children: [
            { path: paths.dashboard.pattern, element: <DashboardRoute /> },
            { path: paths.dashboardV2.pattern, element: <DashboardRoute /> },
            { path: paths.myAccount.pattern, element: <MyAccountRoute /> },
            { path: paths.setting.pattern, element: <SettingRoute /> },
            { path: paths.search.pattern, element: <SearchRoute /> },
            { path: paths.newArrivals.pattern, element: <NewArrivalsRoute /> },
            { path: paths.bidToBuy.pattern, element: <BidToBuyRoute /> },
            { path: paths.stockSearch.pattern, element: <StockSearchRoute /> },
            { path: paths.detailPage.pattern, element: <DetailPageRoute /> },
            { path: paths.savedSearches.pattern, element: <SavedSearchesRoute /> },
            { path: paths.myCart.pattern, element: <MyCartRoute /> },
            { path: paths.myOrders.pattern, element: <MyOrdersRoute /> },
            { path: paths.myAppointments.pattern, element: <MyAppointmentsRoute /> },
            { path: paths.appointments.pattern, element: <MyAppointmentsRoute /> },
            { path: paths.faqs.pattern, element: <FaqsRoute /> },
            { path: paths.matchingPair.pattern, element: <MatchingPairRoute /> },
            { path: paths.layout.pattern, element: <LayoutRoute /> },
            { path: paths.layoutViewDetail.pattern, element: <LayoutViewDetailRoute /> },
            { path: paths.kyc.pattern, element: <KycRoute /> },
            { path: paths.tradeShow.pattern, element: <TradeShowRoute /> },
            { path: paths.event.pattern, element: <EventRoute /> },
            // Screens of later issues (bid to buy, KYC, appointments, ...) land here until they exist.
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
