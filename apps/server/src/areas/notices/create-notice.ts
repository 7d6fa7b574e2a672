import { targetPageHref } from '@loupe/contract/notices';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/client.ts';
import { type NoticeKind, notices } from '../../platform/db/schema/index.ts';
import { findPreferences } from './preferences.ts';

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
  const preferences = await findPreferences(tx, input.customerId);
  const wanted = preferences.type === 'All' || important;
  const channels = {
    web: wanted && preferences.platforms.web,
    mobile: wanted && preferences.platforms.mobile,
    email: wanted && preferences.platforms.email,
  };
  const createdAt = clock.now();
  const [row] = await tx
    .insert(notices)
    .values({
      customerId: input.customerId,
      kind: input.kind,
      title: input.title,
      message: input.message,
      iconUrl: input.iconUrl ?? null,
      targetPage: input.targetPage || null,
      important,
      ...channels,
      createdAt,
    })
    .returning({ id: notices.id });
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, '')`);
  return { id: row!.id, createdAt, channels };
}
