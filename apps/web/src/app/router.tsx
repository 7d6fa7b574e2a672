import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { LazyAppShell } from './lazy-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { ShellOrPublic } from './shell-or-public';

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
const PrivacyPolicyRoute = lazy(() =>
  import('../routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyRoute })),
);
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
const MyCartRoute = lazy(() => import('../routes/my-cart').then((m) => ({ default: m.MyCartRoute })));
const MyOrdersRoute = lazy(() => import('../routes/my-orders').then((m) => ({ default: m.MyOrdersRoute })));
const NotFoundRoute = lazy(() => import('../routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: '/v2/login', element: <LoginRoute /> },
        { path: '/v2/register', element: <RegisterRoute /> },
        { path: '/v2/forgot-password', element: <ForgotPasswordRoute /> },
        {
          path: '/privacy-policy',
          element: <ShellOrPublic />,
          children: [{ index: true, element: <PrivacyPolicyRoute /> }],
        },
        {
          element: (
            <RequireAuth>
              <LazyAppShell />
            </RequireAuth>
          ),
          children: [
            { path: '/', element: <DashboardRoute /> },
            { path: '/v2', element: <DashboardRoute /> },
            { path: '/v2/my-account', element: <MyAccountRoute /> },
            { path: '/v2/setting', element: <SettingRoute /> },
            { path: '/v2/search', element: <SearchRoute /> },
            { path: '/v2/new-arrivals', element: <NewArrivalsRoute /> },
            { path: '/v2/stock-search', element: <StockSearchRoute /> },
            { path: '/v2/detail-page', element: <DetailPageRoute /> },
            { path: '/v2/saved-searches', element: <SavedSearchesRoute /> },
            { path: '/v2/my-cart', element: <MyCartRoute /> },
            { path: '/v2/my-orders', element: <MyOrdersRoute /> },
            // Screens of later issues (new arrivals, search, cart, ...) land here until they exist.
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
}
