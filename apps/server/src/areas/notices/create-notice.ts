import { targetPageHref } from '@loupe/contract/notices';
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Tx } from '../../platform/db/client.ts';
import type { NoticeKind } from '../../platform/db/schema/index.ts';
import { DEFAULT_PREFERENCES } from './preferences.ts';

/** PostgreSQL NOTIFY channel: the dispatchers of every server instance wake up on it. */
export const NOTICE_CHANNEL = 'loupe_notices';

/**
 * Notices that reach customers who chose "Important Only": what concerns their money, their
 * stones or their account. A caller may still say otherwise for one notice.
 */
const IMPORTANT_KINDS: ReadonlySet<NoticeKind> = new Set([
  'kyc_status',
  'order_confirmed',
  'order_invoiced',
  'order_shipped',
  'order_delivered',
  'order_canceled',
  'hold_expiring',
  'bid_result',
  'operator',
]);

export interface NoticeInput {
  customerId: string;
  kind: NoticeKind;
  title: string;
  message: string;
  /** "page:subtab" (spec §3), e.g. "my-cart:hold". */
  targetPage?: string | null;
  iconUrl?: string | null;
  important?: boolean;
}

export interface CreatedNotice {
  id: string;
  createdAt: Date;
  /** The channels the customer's preferences let this notice go to. */
  channels: { web: boolean; mobile: boolean; email: boolean };
}

/** A notice for each row of a statement's CTE: the values are SQL over that CTE's columns. */
export interface NoticePart {
  /** The CTE whose rows each get a notice (none: no notice). */
  from: SQL;
  customerId: SQL;
  kind: NoticeKind;
  title: string;
  message: SQL;
  targetPage?: string | null;
  iconUrl?: string | null;
  important?: boolean;
  createdAt: Date;
}

/**
 * The notices' insert as CTEs of the caller's statement (`, notice_inserted AS (…)`), for a
 * statement of another area that decides in SQL who is told (a bid's outbid notice: decision 055),
 * so the notice costs no round trip of its own. The customer's preferences (the defaults without a
 * row of theirs) decide the channels, which are wanted when they hear of everything or the notice
 * is important; each inserted row NOTIFYs the dispatchers (PostgreSQL sends it on commit only).
 * `notice_inserted` answers the notices' id and channels.
 */
export function noticeInsertPart(part: NoticePart): SQL {
  if (part.targetPage && targetPageHref(part.targetPage) === null) {
    throw new Error(`unknown notice target page ${part.targetPage}`);
  }
  const important = part.important ?? IMPORTANT_KINDS.has(part.kind);
  const { type, platforms } = DEFAULT_PREFERENCES;
  return sql`, notice_chosen AS (
        SELECT ${part.customerId} AS customer_id, ${part.message} AS message,
          coalesce(p.type, ${type}) = 'All' OR ${important} AS wanted,
          coalesce(p.web, ${platforms.web}) AS web,
          coalesce(p.mobile, ${platforms.mobile}) AS mobile,
          coalesce(p.email, ${platforms.email}) AS email
        FROM ${part.from}
        LEFT JOIN notification_preferences p ON p.customer_id = ${part.customerId}
      ), notice_inserted AS (
        INSERT INTO notices (customer_id, kind, title, message, icon_url, target_page, important,
          web, mobile, email, created_at)
        SELECT customer_id, ${part.kind}, ${part.title}, message,
          ${part.iconUrl ?? null}, ${part.targetPage || null}, ${important},
          wanted AND web, wanted AND mobile, wanted AND email, ${part.createdAt.toISOString()}
        FROM notice_chosen
        RETURNING id, web, mobile, email, pg_notify(${NOTICE_CHANNEL}, '') AS announced
      )`;
}

/**
 * Writes a notice inside the caller's transaction, so it exists exactly when the business change
 * that caused it does. Delivery (sockets, web push, email) follows the commit: the NOTIFY below is
 * only sent by PostgreSQL if the transaction commits, and wakes the dispatcher.
 *
 * Every notice lands in the bell; the preferences decide which channels alert the customer. One
 * statement (a notice often rides a busy transaction: decision 044).
 */
export async function createNotice(tx: Tx, clock: Clock, input: NoticeInput): Promise<CreatedNotice> {
  const createdAt = clock.now();
  const [row] = await rows<{ id: string; web: boolean; mobile: boolean; email: boolean }>(
    tx,
    sql`
      WITH one AS (SELECT 1)${noticeInsertPart({
        ...input,
        from: sql`one`,
        customerId: sql`${input.customerId}::uuid`,
        message: sql`${input.message}::text`,
        createdAt,
      })}
      SELECT id, web, mobile, email FROM notice_inserted`,
  );
  const channels = { web: row!.web, mobile: row!.mobile, email: row!.email };
  return { id: row!.id, createdAt, channels };
}
