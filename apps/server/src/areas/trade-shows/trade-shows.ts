import { LOCATIONS } from '@loupe/contract/stone-vocabulary';
import type { TradeShow } from '@loupe/contract/trade-shows';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { customers, tradeShowRequests, tradeShows } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The trade shows the sales team puts on: the one writer of trade_shows. A show is on the portal
 * from its creation until its end: `upcoming` before its start, `running` until its end.
 */

export type TradeShowRow = typeof tradeShows.$inferSelect;

export function tradeShowOut(row: TradeShowRow, now: Date): TradeShow {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    booth: row.booth,
    flag_image: row.flagImage,
    location: row.location,
    status: row.startsAt <= now ? 'running' : 'upcoming',
  };
}

/** The show running now, else the next one to start; null when none is planned. */
export async function currentTradeShow(db: Executor, now: Date): Promise<TradeShowRow | null> {
  const [row] = await db
    .select()
    .from(tradeShows)
    .where(gt(tradeShows.endsAt, now))
    .orderBy(asc(tradeShows.startsAt), asc(tradeShows.endsAt))
    .limit(1);
  return row ?? null;
}

/**
 * The show a customer may visit: the current one, unless the sales team hid trade shows from
 * them (`trade-show off <email>`). What the customer's `trade_show` and `/v2/trade-show` show.
 */
export async function tradeShowFor(
  db: Executor,
  customerId: string,
  now: Date,
): Promise<TradeShowRow | null> {
  const [customer] = await db
    .select({ allowed: customers.tradeShowBanner })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer?.allowed) return null;
  return currentTradeShow(db, now);
}

export interface NewTradeShow {
  name: string;
  city: string;
  startsAt: Date;
  endsAt: Date;
  flagImage?: string | null;
  booth?: string | null;
  location?: string;
}

/** `trade-show create`: the end after the start and ahead of now. */
export async function createTradeShow(db: Executor, clock: Clock, show: NewTradeShow): Promise<TradeShowRow> {
  if (show.endsAt <= show.startsAt) {
    throw new AppError('VALIDATION_FAILED', 'The trade show must end after it starts.');
  }
  if (show.endsAt <= clock.now()) {
    throw new AppError('VALIDATION_FAILED', 'The trade show must end in the future.');
  }
  if (show.flagImage && !/^(\/|https:\/\/)\S+$/.test(show.flagImage)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Give the flag image as a path (/images/flags/us.svg) or an https address.',
    );
  }
  if (show.location && !LOCATIONS.some((l) => l.value === show.location)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The stones on show are at one of our locations: ${LOCATIONS.map((l) => l.value).join(', ')}.`,
    );
  }
  const [row] = await db
    .insert(tradeShows)
    .values({
      name: show.name,
      city: show.city,
      startsAt: show.startsAt,
      endsAt: show.endsAt,
      flagImage: show.flagImage ?? null,
      booth: show.booth ?? null,
      location: show.location ?? 'USA',
    })
    .returning();
  return row!;
}

/** `trade-show cancel <id>`: the show goes, and its meeting requests with it. */
export async function cancelTradeShow(db: Executor, id: string) {
  const [show] = await db.select().from(tradeShows).where(eq(tradeShows.id, id));
  if (!show) throw new AppError('NOT_FOUND', 'There is no trade show with this id.');
  const [requests] = await db
    .select({ n: count() })
    .from(tradeShowRequests)
    .where(eq(tradeShowRequests.tradeShowId, id));
  await db.delete(tradeShows).where(and(eq(tradeShows.id, id)));
  return { id: show.id, name: show.name, requests_dropped: requests?.n ?? 0 };
}
