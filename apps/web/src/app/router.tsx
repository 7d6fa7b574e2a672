import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import type { ScreenStart } from './first-render';
import { lazyComponent } from './lazy-component';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/** The authenticated layout as its own chunk, so the login page never loads it. */
const AppShell = lazyComponent(() => import('./shell/app-shell').then((m) => m.AppShell));

/**
 * A screen in its own chunk, whose code can be asked for before the screen is rendered, with the
 * data it shows first (`prefetch` answers a function that asks for it and settles once it is in).
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  prefetch?: () => Promise<(client: QueryClient) => Promise<unknown>>,
) {
  const screen = lazyComponent(load);
  const preload = (client: QueryClient): ScreenStart => ({
    code: screen.load(),
    firstData: prefetch?.().then((start) => start(client)),
  });
  return Object.assign(screen.Component, { preload });
}

// Every screen is its own chunk: /v2/login loads the entry plus the login chunk only.
const LoginRoute = lazyScreen(() => import('../routes/login').then((m) => m.LoginRoute));
const RegisterRoute = lazyScreen(() => import('../routes/register').then((m) => m.RegisterRoute));
const ForgotPasswordRoute = lazyScreen(() =>
  import('../routes/forgot-password').then((m) => m.ForgotPasswordRoute),
);
const DashboardRoute = lazyScreen(
  () => import('../routes/dashboard').then((m) => m.DashboardRoute),
  () => import('../routes/dashboard').then((m) => m.prefetchDashboard),
);
const MyAccountRoute = lazyScreen(() => import('../routes/my-account').then((m) => m.MyAccountRoute));
const SettingRoute = lazyScreen(() => import('../routes/setting').then((m) => m.SettingRoute));
const StockSearchRoute = lazyScreen(() => import('../routes/stock-search').then((m) => m.StockSearchRoute));
const DetailPageRoute = lazyScreen(() => import('../routes/detail-page').then((m) => m.DetailPageRoute));
const SavedSearchesRoute = lazyScreen(() =>
  import('../routes/saved-searches').then((m) => m.SavedSearchesRoute),
);
const SearchRoute = lazyScreen(() => import('../routes/search').then((m) => m.SearchRoute));
const NewArrivalsRoute = lazyScreen(() => import('../routes/new-arrivals').then((m) => m.NewArrivalsRoute));
const BidToBuyRoute = lazyScreen(() => import('../routes/bid-to-buy').then((m) => m.BidToBuyRoute));
const MyCartRoute = lazyScreen(() => import('../routes/my-cart').then((m) => m.MyCartRoute));
const MyOrdersRoute = lazyScreen(() => import('../routes/my-orders').then((m) => m.MyOrdersRoute));
const MyAppointmentsRoute = lazyScreen(() =>
  import('../routes/my-appointments').then((m) => m.MyAppointmentsRoute),
);
const FaqsRoute = lazyScreen(() => import('../routes/faqs').then((m) => m.FaqsRoute));
const MatchingPairRoute = lazyScreen(() =>
  import('../routes/matching-pair').then((m) => m.MatchingPairRoute),
);
const LayoutRoute = lazyScreen(() => import('../routes/layout').then((m) => m.LayoutRoute));
const LayoutViewDetailRoute = lazyScreen(() =>
  import('../routes/layout-view-detail').then((m) => m.LayoutViewDetailRoute),
);
const TradeShowRoute = lazyScreen(() => import('../routes/trade-show').then((m) => m.TradeShowRoute));
const EventRoute = lazyScreen(() => import('../routes/event').then((m) => m.EventRoute));
const KycRoute = lazyScreen(() => import('../routes/kyc').then((m) => m.KycRoute));
const NotFoundRoute = lazyScreen(() => import('../routes/not-found').then((m) => m.NotFoundRoute));

/** The signed-in screens, in the order react-router would pick them. */
const signedInScreens = [
  [paths.dashboard.pattern, DashboardRoute],
  [paths.dashboardV2.pattern, DashboardRoute],
  [paths.myAccount.pattern, MyAccountRoute],
  [paths.setting.pattern, SettingRoute],
  [paths.search.pattern, SearchRoute],
  [paths.newArrivals.pattern, NewArrivalsRoute],
  [paths.bidToBuy.pattern, BidToBuyRoute],
  [paths.stockSearch.pattern, StockSearchRoute],
  [paths.detailPage.pattern, DetailPageRoute],
  [paths.savedSearches.pattern, SavedSearchesRoute],
  [paths.myCart.pattern, MyCartRoute],
  [paths.myOrders.pattern, MyOrdersRoute],
  [paths.myAppointments.pattern, MyAppointmentsRoute],
  [paths.appointments.pattern, MyAppointmentsRoute],
  [paths.faqs.pattern, FaqsRoute],
  [paths.matchingPair.pattern, MatchingPairRoute],
  [paths.layout.pattern, LayoutRoute],
  [paths.layoutViewDetail.pattern, LayoutViewDetailRoute],
  [paths.kyc.pattern, KycRoute],
  [paths.tradeShow.pattern, TradeShowRoute],
  [paths.event.pattern, EventRoute],
] as const;

/**
 * Starts loading the code of the signed-in screen at `pathname`, if it is one, with the shell's,
 * and the data the screen asks for first: `code` settles when both codes have loaded (or failed
 * to), `firstData` when that data is in the cache (app/first-render.ts).
 */
export function preloadScreen(pathname: string, client: QueryClient): ScreenStart | undefined {
  const screen = signedInScreens.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (!screen) return undefined;
  const { code, firstData } = screen.preload(client);
  return { code: Promise.allSettled([AppShell.load(), code]), firstData };
}

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
              <AppShell.Component />
            </RequireAuth>
          }
        >
          {signedInScreens.map(([pattern, Screen]) => (
            <Route key={pattern} path={pattern} element={<Screen />} />
          ))}
          {/* Screens of later issues land here until they exist. */}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}
