import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { AppRoutes } from './app/router';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

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
