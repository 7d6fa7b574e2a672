import { saveDeviceUuid } from '@loupe/contract/notices';
import { call } from '../../lib/api-client';
import { SERVICE_WORKER_URL } from '../../lib/service-worker';
import { readItem, writeItem } from '../../lib/storage';

/** The push-notification service script (spec §7): the app's one service worker. */
export const PUSH_WORKER_URL = SERVICE_WORKER_URL;
const DEVICE_KEY = 'loupe.device-uuid';

export type BrowserPushState = 'unsupported' | 'default' | 'granted' | 'denied';

export function browserPushState(): BrowserPushState {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** This browser's id for `save-device-uuid`, made once and kept. */
export function deviceUuid(): string {
  let id = readItem('local', DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    writeItem('local', DEVICE_KEY, id);
  }
  return id;
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Registers the service worker and, when the customer has allowed notifications in this browser,
 * subscribes it and saves the subscription with the device id. Never asks for permission itself.
 */
export async function registerWebPush(vapidKey: string): Promise<BrowserPushState> {
  const state = browserPushState();
  if (state === 'unsupported') return state;
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  if (state !== 'granted') return state;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(vapidKey),
    }));
  const json = subscription.toJSON();
  await call(saveDeviceUuid, {
    body: {
      device_uuid: deviceUuid(),
      push_subscription:
        json.endpoint && json.keys?.p256dh && json.keys.auth
          ? { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }
          : null,
    },
  });
  return state;
}

/** Asks the browser for permission (after a click), then subscribes. */
export async function enableWebPush(vapidKey: string): Promise<BrowserPushState> {
  if (browserPushState() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  return registerWebPush(vapidKey);
}
