import { eq, sql } from 'drizzle-orm';
import { type DemoBooking, recordDemoBookings } from '../../areas/appointments/index.ts';
import { rankIn, statusRank } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Database, rows } from '../../platform/db/client.ts';
import { appointments, customers } from '../../platform/db/schema/index.ts';
import { DEMO_BUYER_EMAIL } from './demo-orders.ts';

/** The visit still to come: two ovals from the Mumbai stock, seen at Ananya Iyer's office. */
const UPCOMING_VISIT: Omit<DemoBooking, 'stones'> = {
  kind: 'appointment',
  at: { date: 2, hour: 11 },
  bookedHoursAgo: 50,
  reason: 'Two ovals for a client’s engagement ring: I would like to compare them side by side.',
};

/** The call Ananya Iyer is to make tomorrow afternoon (the next date the calendar offers). */
const UPCOMING_CALLBACK: DemoBooking = {
  kind: 'callback',
  at: { date: 1, hour: 15.5 },
  bookedHoursAgo: 6,
};

/** What the buyer's history holds: a visit that took place and one they cancelled. */
const PAST_VISITS: DemoBooking[] = [
  {
    kind: 'appointment',
    at: { daysAgo: 12, hour: 14 },
    bookedHoursAgo: 16 * 24,
    reason: 'Matching pairs of 0.50 ct pears for earrings.',
  },
  {
    kind: 'appointment',
    at: { daysAgo: 5, hour: 12 },
    bookedHoursAgo: 9 * 24,
    canceledHoursAgo: 6 * 24 + 3,
    reason: 'Collecting the stones of my memo.',
  },
];

/** Two Available stones at the Mumbai office for the visit, ovals of 1.5 ct and more when there are. */
async function stonesToSee(db: Database): Promise<string[]> {
  const found = await rows<{ lot_id: string }>(
    db,
    sql`select lot_id from stones
      where status = ${statusRank('Available')} and location = ${rankIn('location', 'IND')}
      order by (shape = ${rankIn('shape', 'OV')} and carats >= 1.5) desc, lot_id
      limit 2`,
  );
  return found.map((stone) => stone.lot_id);
}

/**
 * pins.md: the demo buyer "has … appointments". Booked through the appointments area, on slots of
 * their KAM's calendar free at the seed's time: a visit and a call to come, and in the history a
 * visit that took place and one cancelled (the first start only). A later start books a visit, or
 * a call, again when the one before has passed or was cancelled, so there always is one to come.
 */
export async function seedDemoAppointments(db: Database, clock: Clock) {
  const [buyer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${DEMO_BUYER_EMAIL}`);
  if (!buyer) return;
  const mine = await db
    .select({ kind: appointments.kind, status: appointments.status, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.customerId, buyer.id));
  const now = clock.now().getTime();
  const toCome = (kind: DemoBooking['kind']) =>
    mine.some((row) => row.kind === kind && row.status === 'booked' && row.startsAt.getTime() > now);
  const wanted: DemoBooking[] = [];
  if (!toCome('appointment')) wanted.push({ ...UPCOMING_VISIT, stones: await stonesToSee(db) });
  if (!toCome('callback')) wanted.push(UPCOMING_CALLBACK);
  if (mine.length === 0) wanted.push(...PAST_VISITS);
  await recordDemoBookings(db, clock, buyer.id, wanted);
}
