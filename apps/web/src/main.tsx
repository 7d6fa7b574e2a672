import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { AppRoutes, preloadScreen } from './app/router';
import { prefetchCustomer } from './domain/customer/customer-cache';
import { getToken } from './lib/auth-token';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

// A signed-in page asks for the customer and for its screen's code while React starts, rather than
// after the shell's code has loaded and rendered (issue 18: the dashboard in one round trip).
if (getToken()) {
  void prefetchCustomer(queryClient);
  preloadScreen(window.location.pathname, queryClient);
}

createRoot(container).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

// After the page has loaded, so the worker's first caching never competes with the app's start.
window.addEventListener('load', () => void registerServiceWorker());
