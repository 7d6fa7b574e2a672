import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { bidToBuyEvents, type MaintenanceSetting, portalSettings } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The portal-wide switches the sales team sets (maintenance) and the monthly bid-to-buy events:
 * the one writer of portal_settings and bid_to_buy_events.
 */

/**
 * PostgreSQL NOTIFY channel: a maintenance switch, sent on its commit with the state it set (the
 * end as ISO, or `MAINTENANCE_OFF`); every instance's maintenance watch tells its connected
 * customers (watch-maintenance.ts).
 */
export const PORTAL_CHANNEL = 'loupe_portal';
export const MAINTENANCE_OFF = 'off';
const announced = (state: string) => sql<unknown>`pg_notify(${PORTAL_CHANNEL}, ${state})`;

/** The end of a maintenance that has not ended yet, or null. */
export async function getMaintenanceEnd(db: Executor, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, 'maintenance'));
  const end = (row?.value as MaintenanceSetting | undefined)?.end_date;
  return end && new Date(end) > now ? new Date(end) : null;
}

/**
 * `maintenance on <end>`: the portal shows the maintenance screen until the end, at once in every
 * open tab (the NOTIFY of the same statement).
 */
export async function startMaintenance(db: Executor, clock: Clock, end: Date): Promise<Date> {
  const now = clock.now();
  if (end <= now) throw new AppError('VALIDATION_FAILED', 'The end of maintenance must be in the future.');
  const value: MaintenanceSetting = { end_date: end.toISOString() };
  await db
    .insert(portalSettings)
    .values({ key: 'maintenance', value, updatedAt: now })
    .onConflictDoUpdate({ target: portalSettings.key, set: { value, updatedAt: now } })
    .returning({ announced: announced(end.toISOString()) });
  return end;
}

/** `maintenance off`: the portal is back, in every open tab too (NOTIFY when there was one to end). */
export async function endMaintenance(db: Executor) {
  await db
    .delete(portalSettings)
    .where(eq(portalSettings.key, 'maintenance'))
    .returning({ announced: announced(MAINTENANCE_OFF) });
}

export type BidToBuyEvent = typeof bidToBuyEvents.$inferSelect;

/** The bid-to-buy event running now, else the next one to start; null when none is planned. */
export async function getBidToBuyEvent(
  db: Executor,
  now: Date,
): Promise<{ running: BidToBuyEvent | null; next: BidToBuyEvent | null }> {
  const [running] = await db
    .select()
    .from(bidToBuyEvents)
    .where(and(lte(bidToBuyEvents.startsAt, now), gt(bidToBuyEvents.endsAt, now)))
    .orderBy(bidToBuyEvents.endsAt)
    .limit(1);
  if (running) return { running, next: null };
  const [next] = await db
    .select()
    .from(bidToBuyEvents)
    .where(gt(bidToBuyEvents.startsAt, now))
    .orderBy(bidToBuyEvents.startsAt)
    .limit(1);
  return { running: null, next: next ?? null };
}

/** Plans a bid-to-buy event (the demo keeps one open). */
export async function planBidToBuyEvent(
  db: Executor,
  event: { name: string; startsAt: Date; endsAt: Date; stoneCount?: number },
): Promise<BidToBuyEvent> {
  const [row] = await db.insert(bidToBuyEvents).values(event).returning();
  return row!;
}

/** Moves an event's start or end. */
export async function rescheduleBidToBuyEvent(
  db: Executor,
  eventId: string,
  dates: { startsAt?: Date; endsAt?: Date },
) {
  await db.update(bidToBuyEvents).set(dates).where(eq(bidToBuyEvents.id, eventId));
}

/** Calls off every planned and running event. */
export async function cancelBidToBuyEvents(db: Executor) {
  await db.delete(bidToBuyEvents);
}
