import type { Notice } from '@loupe/contract/notices';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { notices } from '../../platform/db/schema/index.ts';

export type NoticeRow = typeof notices.$inferSelect;

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    icon_url: row.iconUrl,
    created_at: row.createdAt.toISOString(),
    seen_at: row.seenAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
    target_page: row.targetPage,
  };
}

export async function countUnseen(db: Database, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.customerId, customerId), isNull(notices.seenAt)));
  return row?.n ?? 0;
}

/** The customer's notices, newest first (the bell), with the totals the badge needs. */
export async function findNotices(db: Database, customerId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.customerId, customerId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(notices).where(eq(notices.customerId, customerId));
  return {
    notices: rows.map(toNotice),
    count: total?.n ?? 0,
    unseen_count: await countUnseen(db, customerId),
  };
}
