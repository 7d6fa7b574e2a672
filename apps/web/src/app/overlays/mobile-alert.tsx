import { Dialog } from '../../components/ui/dialog';
import { LoupeMark } from '../../components/ui/icon';
import { APP_STORE_URL, MOBILE_MAX_WIDTH, PLAY_STORE_URL } from '../../lib/config';
import { useDevAccess } from '../../lib/dev-access';
import { useWindowWidth } from '../../lib/use-window-events';
import './overlays.css';

export function isMobileScreen(width: number): boolean {
  return width < MOBILE_MAX_WIDTH;
}

/** Screens under 1024 px get the app download prompt unless the developer override is on. */
export function MobileAlert() {
  const width = useWindowWidth();
  const devAccess = useDevAccess();
  if (!isMobileScreen(width) || devAccess) return null;
  return (
    <Dialog
      title="Loupe works best on a larger screen"
      dismissible={false}
      headingLevel={1}
      className="dialog-fullscreen"
    >
      <span className="overlay-icon">
        <LoupeMark size={48} />
      </span>
      <p>
        The Loupe web portal is built for screens at least 1024 px wide. On a phone or tablet, use the Loupe
        app: the same stock, bids, cart and orders, with notifications for new arrivals.
      </p>
      <div className="store-links">
        <a className="btn btn-primary" href={APP_STORE_URL} target="_blank" rel="noreferrer">
          Download on the App Store
        </a>
        <a className="btn btn-secondary" href={PLAY_STORE_URL} target="_blank" rel="noreferrer">
          Get it on Google Play
        </a>
      </div>
      <p className="form-note">Or open Loupe on a computer, or widen this window.</p>
    </Dialog>
  );
}
