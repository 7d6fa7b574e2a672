import { LOCATIONS } from '@loupe/contract/stone-vocabulary';
import type { MeetingRequest } from '@loupe/contract/trade-shows';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams, stones, tradeShowRequests, tradeShows } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { type TradeShowRow, tradeShowFor } from './trade-shows.ts';

/** The customers' meeting requests at a show's booth: the one writer of trade_show_requests. */

export interface MeetingDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  /** Who hears of a request when the customer has no KAM. */
  salesDeskEmail: string;
}

function requestOut(
  row: typeof tradeShowRequests.$inferSelect,
  show: Pick<TradeShowRow, 'id' | 'name' | 'city' | 'startsAt' | 'endsAt'>,
): MeetingRequest {
  return {
    id: row.id,
    trade_show: {
      id: show.id,
      name: show.name,
      city: show.city,
      starts_at: show.startsAt.toISOString(),
      ends_at: show.endsAt.toISOString(),
    },
    stones: row.lotIds,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
  };
}

/** `LD-100231-BEL` names the lot `LD-100231` (the detail page's way of writing a stone). */
function withoutLocation(id: string): string {
  const suffix = LOCATION_SUFFIXES.find((s) => id.toUpperCase().endsWith(s));
  return suffix ? id.slice(0, -suffix.length) : id;
}

const LOCATION_SUFFIXES = LOCATIONS.map((l) => `-${l.value}`).sort((a, b) => b.length - a.length);

/** The stones' lot ids as stock writes them; an id not in stock is a 400 naming it. */
async function knownLots(db: Database, named: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(named.map(withoutLocation))];
  if (wanted.length === 0) return [];
  const found = await db
    .select({ lotId: stones.lotId })
    .from(stones)
    .where(
      inArray(
        sql`lower(${stones.lotId})`,
        wanted.map((id) => id.toLowerCase()),
      ),
    );
  const byLower = new Map(found.map((s) => [s.lotId.toLowerCase(), s.lotId]));
  const missing = wanted.filter((id) => !byLower.has(id.toLowerCase()));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', `These stones are not in our stock: ${missing.join(', ')}.`, [
      { path: 'stones', message: `Not in stock: ${missing.join(', ')}` },
    ]);
  }
  return wanted.map((id) => byLower.get(id.toLowerCase())!);
}

/**
 * "Request a meeting": only for the show the customer may visit (404 otherwise, an ended or
 * called-off show included). The KAM, or the sales desk, hears of it by an email enqueued in the
 * same transaction.
 */
export async function requestMeeting(
  deps: MeetingDeps,
  customerId: string,
  input: { trade_show_id: string; stones?: string[]; comment?: string },
): Promise<MeetingRequest> {
  const { db, clock, messenger } = deps;
  const now = clock.now();
  const show = await tradeShowFor(db, customerId, now);
  if (!show || show.id !== input.trade_show_id) {
    throw new AppError('NOT_FOUND', 'This trade show is not open for meeting requests.');
  }
  const lotIds = await knownLots(db, input.stones ?? []);
  const comment = input.comment?.trim() || null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tradeShowRequests)
      .values({ tradeShowId: show.id, customerId, lotIds, comment, createdAt: now })
      .returning();
    const [who] = await tx
      .select({ customer: customers, kamEmail: kams.email, kamName: kams.name })
      .from(customers)
      .leftJoin(kams, eq(kams.id, customers.kamId))
      .where(eq(customers.id, customerId));
    const c = who!.customer;
    await messenger.send(
      {
        channel: 'email',
        to: who!.kamEmail ?? deps.salesDeskEmail,
        subject: `Meeting request at ${show.name} from ${c.companyName}`,
        body: [
          `${c.firstName} ${c.lastName} of ${c.companyName} (${c.email}, +${c.countryCode} ${c.phone}) would like to meet at ${show.name}, ${show.city}${show.booth ? `, booth ${show.booth}` : ''}.`,
          `The show runs from ${show.startsAt.toUTCString()} to ${show.endsAt.toUTCString()}.`,
          lotIds.length > 0 ? `Stones to bring: ${lotIds.join(', ')}` : 'No stones named.',
          comment ? `Comment: ${comment}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      },
      tx,
    );
    return requestOut(row!, show);
  });
}

/** "The requests I made", newest first, with their shows (ended ones too). */
export async function listMeetingRequests(db: Database, customerId: string): Promise<MeetingRequest[]> {
  const rows = await db
    .select({ request: tradeShowRequests, show: tradeShows })
    .from(tradeShowRequests)
    .innerJoin(tradeShows, eq(tradeShows.id, tradeShowRequests.tradeShowId))
    .where(eq(tradeShowRequests.customerId, customerId))
    .orderBy(desc(tradeShowRequests.createdAt), desc(tradeShowRequests.id))
    .limit(200);
  return rows.map((r) => requestOut(r.request, r.show));
}
