import type { WebPushPayload } from '@loupe/contract/notices';
import type { Config } from './config.ts';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Standard Web Push (RFC 8030 with VAPID and aes128gcm payload encryption). */
export interface PushSender {
  publicKey: string;
  /** `gone`: the browser dropped the subscription (404/410) and it should be forgotten. */
  send(subscription: PushSubscriptionJson, payload: WebPushPayload): Promise<'delivered' | 'gone'>;
}

/** How long a push service keeps a notice for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** The sender for the configured VAPID keys, or null when web push is off. */
export function createPushSender(
  config: Pick<Config, 'NODE_ENV' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): PushSender | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (!publicKey || !privateKey) return null;
  return {
    publicKey,
    async send(subscription, payload) {
      // Browsers' push services are HTTPS; a customer must not make the server post elsewhere.
      // Outside production a local plain-HTTP push service stands in for them in tests.
      if (config.NODE_ENV === 'production' && !subscription.endpoint.startsWith('https://')) return 'gone';
      // web-push encrypts and signs; the request itself goes through fetch, which also reaches
      // the plain-HTTP push services of tests.
      // Loaded on the first push, not at start (decision 025).
      const { default: webPush } = await import('web-push');
      const request = webPush.generateRequestDetails(subscription, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      });
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 404 || res.status === 410) return 'gone';
      if (!res.ok) throw new Error(`push service answered ${res.status}`);
      return 'delivered';
    },
  };
}
