import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { firstRenderReady } from './app/first-render';
import { AppProviders, createQueryClient } from './app/providers';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { AppRoutes, preloadScreen } from './app/router';
import { prefetchCustomer } from './domain/customer/customer-cache';
import { getToken } from './lib/auth-token';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

// A signed-in page asks for the customer and for its shell's and screen's code while React starts,
// rather than after the shell's code has loaded and rendered (issue 18: the dashboard in one round trip).
const signedInStart = getToken() ? preloadSignedIn() : undefined;

function preloadSignedIn() {
  void prefetchCustomer(queryClient);
  const start = preloadScreen(window.location.pathname, queryClient);
  return start && firstRenderReady(start);
}

const render = () =>
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

// A signed-in screen is first drawn with its shell, once their code is here (the index page's start
// script asked for it with the entry's, decision 039): drawn with a spinner first, it would be held
// back by React until 300 ms after the spinner appeared (decision 041). It also waits a while for
// the data the screen shows first, so that it is drawn once, with that data (decision 065).
if (signedInStart) void signedInStart.then(render);
else render();

// After the page has loaded, so the worker's first caching never competes with the app's start.
window.addEventListener('load', () => void registerServiceWorker());
