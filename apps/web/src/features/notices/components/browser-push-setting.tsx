import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { log } from '../../../lib/log';
import { useWebPushKey } from '../api/preferences';
import { type BrowserPushState, browserPushState, enableWebPush } from '../web-push';

const explanation: Record<BrowserPushState, string> = {
  unsupported: 'This browser cannot show notifications from Loupe.',
  default: 'Allow this browser to show Loupe notifications on your desktop.',
  granted: 'This browser shows Loupe notifications on your desktop.',
  denied: "Notifications are blocked in this browser's site settings.",
};

/** Whether this browser shows pushed notices; offered only when the portal has VAPID keys. */
export function BrowserPushSetting() {
  const key = useWebPushKey();
  const [state, setState] = useState<BrowserPushState>(browserPushState);
  const [busy, setBusy] = useState(false);
  if (!key.data) return null;
  const vapidKey = key.data;

  const allow = async () => {
    setBusy(true);
    try {
      setState(await enableWebPush(vapidKey));
    } catch (error) {
      log.warn('Turning on browser notifications failed', error);
      setState(browserPushState());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notice-browser-push">
      <p>{explanation[state]}</p>
      {state === 'default' ? (
        <Button variant="secondary" size="sm" busy={busy} onClick={() => void allow()}>
          Allow browser notifications
        </Button>
      ) : null}
    </div>
  );
}
