import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { trackingEvents } from '../../platform/db/schema/index.ts';

/** Buyer actions sales follows, kept as they happened (spec §7 "Tracking"). */
export async function trackEvent(
  db: Database,
  clock: Clock,
  customerId: string,
  event: 'share' | 'copy_url',
  payload: Record<string, unknown>,
) {
  await db.insert(trackingEvents).values({ customerId, event, payload, createdAt: clock.now() });
}
