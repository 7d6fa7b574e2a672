import { count, eq, sql } from 'drizzle-orm';
import { recordPastNotices } from '../../areas/notices/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, type NoticeKind, notices } from '../../platform/db/schema/index.ts';

const HOUR = 3_600_000;

/**
 * The demo buyer's bell: unread notices on top, seen and read ones below (pins "Demo data"). The
 * notices of their appointments come with the appointments (demo-appointments.ts).
 */
const buyerNotices: {
  kind: NoticeKind;
  title: string;
  message: string;
  targetPage: string;
  hoursAgo: number;
  state: 'unseen' | 'seen' | 'read';
}[] = [
  {
    kind: 'order_invoiced',
    title: 'Invoice ready',
    message: 'The invoice for your order of 3 stones (4.12 ct) is ready to pay.',
    targetPage: 'your-orders:activeInvoices',
    hoursAgo: 2,
    state: 'unseen',
  },
  {
    kind: 'hold_expiring',
    title: 'Hold expires soon',
    message: 'Your hold on 2 stones ends today at 18:00. Confirm them to keep them.',
    targetPage: 'my-cart:hold',
    hoursAgo: 5,
    state: 'unseen',
  },
  {
    kind: 'operator',
    title: 'Bid to Buy is open',
    message:
      "This month's Bid to Buy has started: selected stones with up to 5% extra off the per-carat price.",
    targetPage: 'bid-to-buy:bidStone',
    hoursAgo: 26,
    state: 'seen',
  },
  {
    kind: 'kyc_status',
    title: 'KYC approved',
    message:
      'Your KYC is approved. You can now confirm stones, place bids and book appointments with your KAM.',
    targetPage: 'dashboard',
    hoursAgo: 24 * 30,
    state: 'read',
  },
];

/** Idempotent: the demo buyer gets these notices once, already dispatched (no push or email for them). */
export async function seedDemoNotices(db: Database, clock: Clock) {
  const [buyer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = 'buyer@loupe.test'`);
  if (!buyer) return;
  const [existing] = await db.select({ n: count() }).from(notices).where(eq(notices.customerId, buyer.id));
  if ((existing?.n ?? 0) > 0) return;
  const now = clock.now().getTime();
  await recordPastNotices(
    db,
    buyerNotices.map((n) => {
      const createdAt = new Date(now - n.hoursAgo * HOUR);
      const later = new Date(createdAt.getTime() + HOUR);
      return {
        customerId: buyer.id,
        kind: n.kind,
        title: n.title,
        message: n.message,
        targetPage: n.targetPage,
        important: n.kind !== 'appointment_changed',
        createdAt,
        seenAt: n.state === 'unseen' ? null : later,
        readAt: n.state === 'read' ? later : null,
      };
    }),
  );
}
