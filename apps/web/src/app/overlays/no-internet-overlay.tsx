import { Dialog } from '../../components/ui/dialog';
import { Icon } from '../../components/ui/icon';
import { useOnline } from '../../lib/use-window-events';
import './overlays.css';

/** Covers the app while the browser is offline; disappears when the connection is back. */
export function NoInternetOverlay() {
  const online = useOnline();
  if (online) return null;
  return (
    <Dialog title="No internet connection" dismissible={false} className="dialog-center">
      <span className="overlay-icon">
        <Icon name="wifiOff" size={36} />
      </span>
      <p>Loupe needs a connection to show live stock and prices. Try these steps:</p>
      <ul className="hint-list">
        <li>Check your modem and router</li>
        <li>Reconnect to Wi-Fi</li>
      </ul>
      <p className="form-note">This message closes by itself once you are back online.</p>
    </Dialog>
  );
}
