import { useEffect } from 'react';
import { log } from '../../../lib/log';
import { useWebPushKey } from '../api/preferences';
import { registerWebPush } from '../web-push';

/** Loads the push-notification script on start (spec §7) when the portal has VAPID keys. */
export function useWebPushRegistration(loggedIn: boolean) {
  const key = useWebPushKey(loggedIn);
  const vapidKey = key.data ?? null;
  useEffect(() => {
    if (!loggedIn || !vapidKey) return;
    registerWebPush(vapidKey).catch((error: unknown) => log.warn('Web push registration failed', error));
  }, [loggedIn, vapidKey]);
}
