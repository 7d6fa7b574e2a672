import { type CSSProperties, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { PageSpinner } from '../components/ui/spinner';
import { TOAST_DURATION_MS } from '../lib/config';
import { ConsentBanner } from './overlays/consent-banner';
import { DevtoolsWarning } from './overlays/devtools-warning';
import { MobileAlert } from './overlays/mobile-alert';
import { NoInternetOverlay } from './overlays/no-internet-overlay';
import { SessionExpiredDialog } from './overlays/session-expired-dialog';
import { useGlobalBehaviours } from './use-global-behaviours';
import './toasts.css';

/** Every page: the screen, the toasts and the app-wide overlays. */
export function RootLayout() {
  useGlobalBehaviours();
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Toaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        // 320 px wide (spec §9); the top offset is a CSS variable so a KYC mini nudge can push toasts down.
        style={{ '--width': '320px' } as CSSProperties}
        offset={{ top: 'var(--toast-offset-top)', right: 'var(--toast-offset-right)' }}
        toastOptions={{ classNames: { toast: 'toast', success: 'toast-success', error: 'toast-error' } }}
      />
      <NoInternetOverlay />
      <MobileAlert />
      <DevtoolsWarning />
      <SessionExpiredDialog />
      <ConsentBanner />
      <ScrollRestoration />
    </>
  );
}
