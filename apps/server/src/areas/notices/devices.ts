import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { devices } from '../../platform/db/schema/index.ts';

/** A browser or app that asked for push notifications (`save-device-uuid`), with its subscription. */
export async function saveDevice(
  db: Database,
  clock: Clock,
  customerId: string,
  input: {
    device_uuid: string;
    push_subscription?: { endpoint: string; keys: { p256dh: string; auth: string } } | null;
  },
) {
  const values = {
    customerId,
    deviceUuid: input.device_uuid,
    pushSubscription: input.push_subscription ?? null,
    updatedAt: clock.now(),
  };
  await db
    .insert(devices)
    .values(values)
    .onConflictDoUpdate({
      target: [devices.customerId, devices.deviceUuid],
      set: { pushSubscription: values.pushSubscription, updatedAt: values.updatedAt },
    });
}

/** The push service said the browser dropped this subscription: it is forgotten. */
export async function forgetPushSubscription(db: Database, deviceId: string) {
  await db.update(devices).set({ pushSubscription: null }).where(eq(devices.id, deviceId));
}
