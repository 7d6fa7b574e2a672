import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { ConsentBanner } from './overlays/consent-banner';
import { DevtoolsWarning } from './overlays/devtools-warning';
import { MobileAlert } from './overlays/mobile-alert';
import { NoInternetOverlay } from './overlays/no-internet-overlay';
import { SessionExpiredDialog } from './overlays/session-expired-dialog';
import { ToasterSlot } from './toaster-slot';
import { useGlobalBehaviours } from './use-global-behaviours';
import { useScrollRestoration } from './use-scroll-restoration';

/** Every page: the screen, the toasts and the app-wide overlays. */
export function RootLayout() {
  useGlobalBehaviours();
  useScrollRestoration();
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ToasterSlot />
      <NoInternetOverlay />
      <MobileAlert />
      <DevtoolsWarning />
      <SessionExpiredDialog />
      <ConsentBanner />
    </>
  );
}
