import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { notices } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { toNotice } from './find-notices.ts';

const notFound = () => new AppError('NOT_FOUND', 'This notice does not exist.');

/**
 * Unseen → seen for the given notices (the bell was opened). All of them must be the customer's:
 * another customer's id is answered like an unknown one, and nothing is marked.
 */
export async function markNoticesSeen(db: Database, clock: Clock, customerId: string, noticeIds: string[]) {
  const ids = [...new Set(noticeIds)];
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.customerId, customerId), inArray(notices.id, ids)));
    if (owned.length !== ids.length) throw notFound();
    await tx
      .update(notices)
      .set({ seenAt: clock.now() })
      .where(and(eq(notices.customerId, customerId), inArray(notices.id, ids), isNull(notices.seenAt)));
  });
}

/** Seen → read for one notice (a click on it); a notice read before keeps its first read time. */
export async function readNotice(db: Database, clock: Clock, customerId: string, noticeId: string) {
  const now = clock.now();
  const [row] = await db
    .update(notices)
    .set({
      seenAt: sql`coalesce(${notices.seenAt}, ${now.toISOString()}::timestamptz)`,
      readAt: sql`coalesce(${notices.readAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(notices.id, noticeId), eq(notices.customerId, customerId)))
    .returning();
  if (!row) throw notFound();
  return toNotice(row);
}

/** "Mark all as read": every unread notice of the customer becomes read (and seen). */
export async function readAllNotices(db: Database, clock: Clock, customerId: string): Promise<number> {
  const now = clock.now();
  const changed = await db
    .update(notices)
    .set({ seenAt: sql`coalesce(${notices.seenAt}, ${now.toISOString()}::timestamptz)`, readAt: now })
    .where(and(eq(notices.customerId, customerId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return changed.length;
}
