import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { registrationFunnelEvents, trackingEvents } from '../../platform/db/schema/index.ts';

/**
 * Buyer actions sales follows, kept as they happened (spec §7 "Tracking"); `customerId` null for
 * an anonymous visitor's event (`/event-track`).
 */
export async function trackEvent(
  db: Executor,
  clock: Clock,
  customerId: string | null,
  event: string,
  payload: Record<string, unknown>,
) {
  await db.insert(trackingEvents).values({ customerId, event, payload, createdAt: clock.now() });
}

/**
 * An event that sales wants at most once per customer per interval (a burst of text searches is
 * one thing to follow up). The lock makes two calls at the same moment agree on which one writes.
 * Answers whether this call wrote it.
 */
export async function trackEventAtMostEvery(
  tx: Tx,
  input: {
    customerId: string;
    event: string;
    payload: Record<string, unknown>;
    at: Date;
    intervalMs: number;
  },
): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${input.event}:${input.customerId}`}, 0))`,
  );
  const [recent] = await tx
    .select({ id: trackingEvents.id })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.customerId, input.customerId),
        eq(trackingEvents.event, input.event),
        gt(trackingEvents.createdAt, new Date(input.at.getTime() - input.intervalMs)),
      ),
    )
    .orderBy(desc(trackingEvents.createdAt))
    .limit(1);
  if (recent) return false;
  await tx.insert(trackingEvents).values({
    customerId: input.customerId,
    event: input.event,
    payload: input.payload,
    createdAt: input.at,
  });
  return true;
}

/** A step of a visitor through registration (`GET /registration-funnel`), before any account exists. */
export async function recordFunnelStep(
  db: Executor,
  clock: Clock,
  step: {
    funnel_step: string;
    session_id: string;
    entry_point?: string | null;
    mobile_number?: string | null;
    status?: string | null;
  },
) {
  await db.insert(registrationFunnelEvents).values({
    funnelStep: step.funnel_step,
    sessionId: step.session_id,
    entryPoint: step.entry_point ?? null,
    mobileNumber: step.mobile_number ?? null,
    status: step.status ?? null,
    createdAt: clock.now(),
  });
}
