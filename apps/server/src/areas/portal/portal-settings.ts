import { and, eq, gt, lte } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import {
  bidToBuyEvents,
  type MaintenanceSetting,
  portalSettings,
  type TradeShowSetting,
} from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The portal-wide switches the sales team sets (maintenance, the trade show) and the monthly
 * bid-to-buy events: the one writer of portal_settings and bid_to_buy_events.
 */

export type { TradeShowSetting };

/** The end of a maintenance that has not ended yet, or null. */
export async function getMaintenanceEnd(db: Executor, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, 'maintenance'));
  const end = (row?.value as MaintenanceSetting | undefined)?.end_date;
  return end && new Date(end) > now ? new Date(end) : null;
}

/** `maintenance on <end>`: the portal shows the maintenance screen until the end. */
export async function startMaintenance(db: Executor, clock: Clock, end: Date): Promise<Date> {
  const now = clock.now();
  if (end <= now) throw new AppError('VALIDATION_FAILED', 'The end of maintenance must be in the future.');
  const value: MaintenanceSetting = { end_date: end.toISOString() };
  await db
    .insert(portalSettings)
    .values({ key: 'maintenance', value, updatedAt: now })
    .onConflictDoUpdate({ target: portalSettings.key, set: { value, updatedAt: now } });
  return end;
}

export async function endMaintenance(db: Executor) {
  await db.delete(portalSettings).where(eq(portalSettings.key, 'maintenance'));
}

/** The trade show the portal runs, if any. */
export async function getTradeShow(db: Executor): Promise<TradeShowSetting | null> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, 'trade_show'));
  return (row?.value as TradeShowSetting | undefined) ?? null;
}

/** Sets the trade show's name, flag and location; `keep` leaves one already set alone (the demo seed). */
export async function setTradeShow(
  db: Executor,
  clock: Clock,
  show: TradeShowSetting,
  options: { keep?: boolean } = {},
) {
  const now = clock.now();
  const insert = db.insert(portalSettings).values({ key: 'trade_show', value: show, updatedAt: now });
  if (options.keep) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: portalSettings.key, set: { value: show, updatedAt: now } });
}

export async function endTradeShow(db: Executor) {
  await db.delete(portalSettings).where(eq(portalSettings.key, 'trade_show'));
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
