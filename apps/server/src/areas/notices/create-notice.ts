import { targetPageHref } from '@loupe/contract/notices';
import { sql } from 'drizzle-orm';
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

/**
 * Writes a notice inside the caller's transaction, so it exists exactly when the business change
 * that caused it does. Delivery (sockets, web push, email) follows the commit: the NOTIFY below is
 * only sent by PostgreSQL if the transaction commits, and wakes the dispatcher.
 *
 * Every notice lands in the bell; the preferences decide which channels alert the customer.
 */
export async function createNotice(tx: Tx, clock: Clock, input: NoticeInput): Promise<CreatedNotice> {
  if (input.targetPage && targetPageHref(input.targetPage) === null) {
    throw new Error(`unknown notice target page ${input.targetPage}`);
  }
  const important = input.important ?? IMPORTANT_KINDS.has(input.kind);
  const createdAt = clock.now();
  const { type, platforms } = DEFAULT_PREFERENCES;
  // One statement (a notice often rides a busy transaction, such as a bid's: decision 044): the
  // customer's preferences (the defaults without a row of theirs) decide the channels, which are
  // wanted when they hear of everything or the notice is important; then the insert and the NOTIFY.
  const [row] = await rows<{ id: string; web: boolean; mobile: boolean; email: boolean }>(
    tx,
    sql`
      WITH chosen AS (
        SELECT coalesce(p.type, ${type}) = 'All' OR ${important} AS wanted,
          coalesce(p.web, ${platforms.web}) AS web,
          coalesce(p.mobile, ${platforms.mobile}) AS mobile,
          coalesce(p.email, ${platforms.email}) AS email
        FROM (SELECT 1) AS one
        LEFT JOIN notification_preferences p ON p.customer_id = ${input.customerId}
      ), inserted AS (
        INSERT INTO notices (customer_id, kind, title, message, icon_url, target_page, important,
          web, mobile, email, created_at)
        SELECT ${input.customerId}, ${input.kind}, ${input.title}, ${input.message},
          ${input.iconUrl ?? null}, ${input.targetPage || null}, ${important},
          wanted AND web, wanted AND mobile, wanted AND email, ${createdAt.toISOString()}
        FROM chosen
        RETURNING id, web, mobile, email
      ), announced AS (
        SELECT pg_notify(${NOTICE_CHANNEL}, '') FROM inserted
      )
      SELECT inserted.id, inserted.web, inserted.mobile, inserted.email,
        (SELECT count(*) FROM announced) AS announced
      FROM inserted`,
  );
  const channels = { web: row!.web, mobile: row!.mobile, email: row!.email };
  return { id: row!.id, createdAt, channels };
}
