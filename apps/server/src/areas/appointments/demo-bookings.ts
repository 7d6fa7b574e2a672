import { APPOINTMENT_LIMITS } from '@loupe/contract/appointments';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { appointments } from '../../platform/db/schema/index.ts';
import { type PastNotice, recordPastNotices } from '../notices/index.ts';
import { type AppointmentRow, bookableStones } from './appointment-rows.ts';
import { type BookerWithKam, findKamBooker } from './booker.ts';
import {
  appointmentBookedNotice,
  appointmentCanceledNotice,
  type BookingNotice,
  callbackScheduledNotice,
} from './booking-notices.ts';
import { bookedStarts, type Slot, slotGrid, timeZoneOf } from './kam-calendar.ts';
import { storeAddressesOf } from './store-addresses.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A booking of the demo data, made as if the customer had booked it earlier (seed only): a store
 * visit at the KAM's first store, or a scheduled call.
 */
export interface DemoBooking {
  kind: 'appointment' | 'callback';
  /**
   * Where in the KAM's calendar: from `hour` (10 to 17.5, the KAM's wall clock) on the `date`-th
   * date the calendar offers now (0 is today), the first slot free for booking; or a slot already
   * past, `daysAgo` days back (the first date the calendar had then) from `hour`.
   */
  at: { date: number; hour: number } | { daysAgo: number; hour: number };
  /** How long ago the customer booked it. */
  bookedHoursAgo: number;
  /** A booking the customer cancelled this long ago. */
  canceledHoursAgo?: number;
  reason?: string;
  /** Lot ids of stones to see (a visit): refused, as a booking refuses them, when on Hold or Memo. */
  stones?: readonly string[];
}

const slotIndex = (hour: number) =>
  Math.round((hour - APPOINTMENT_LIMITS.firstSlotHour) * (60 / APPOINTMENT_LIMITS.slotMinutes));
const slotsADay = slotIndex(APPOINTMENT_LIMITS.endHour);

/** The slot a demo booking takes: free in the KAM's calendar as the forms would offer it. */
async function demoSlot(db: Database, booker: BookerWithKam, at: DemoBooking['at'], now: Date) {
  const past = 'daysAgo' in at;
  const grid = slotGrid(
    past ? new Date(now.getTime() - at.daysAgo * DAY) : now,
    timeZoneOf(booker.kam.location),
  );
  const from = (past ? 0 : at.date * slotsADay) + slotIndex(at.hour);
  const candidates: Slot[] = grid.slots.slice(from);
  if (candidates.length === 0) return null;
  const end = new Date(candidates.at(-1)!.start.getTime() + DAY);
  const booked = await bookedStarts(db, booker.kam.id, candidates[0]!.start, end);
  const earliest = now.getTime() + APPOINTMENT_LIMITS.leadHours * HOUR;
  const fits = (start: Date) => (past ? start.getTime() < now.getTime() : start.getTime() >= earliest);
  return candidates.find((slot) => fits(slot.start) && !booked.has(slot.start.getTime()))?.start ?? null;
}

/** The customer's notices of a booking, already delivered and read (no push or email again). */
function pastNotices(booker: BookerWithKam, row: AppointmentRow): PastNotice[] {
  const noticed = (notice: BookingNotice, at: Date): PastNotice => ({
    customerId: booker.id,
    kind: 'appointment_changed',
    ...notice,
    targetPage: notice.targetPage ?? null,
    important: false,
    createdAt: at,
    seenAt: new Date(at.getTime() + HOUR),
    readAt: new Date(at.getTime() + HOUR),
  });
  const notices = [
    noticed(
      row.kind === 'callback'
        ? callbackScheduledNotice(booker, row.startsAt)
        : appointmentBookedNotice(booker, row),
      row.createdAt,
    ),
  ];
  if (row.canceledAt) notices.push(noticed(appointmentCanceledNotice(booker, row), row.canceledAt));
  return notices;
}

/**
 * Records the demo bookings of a customer (seed only), each on a slot of their KAM's calendar that
 * is free, with the notices the customer had of them. A booking no free slot is left for is
 * skipped. Answers the bookings recorded.
 */
export async function recordDemoBookings(
  db: Database,
  clock: Clock,
  customerId: string,
  bookings: readonly DemoBooking[],
): Promise<AppointmentRow[]> {
  const recorded: AppointmentRow[] = [];
  const now = clock.now();
  for (const booking of bookings) {
    const visit = booking.kind === 'appointment';
    const booker = await findKamBooker(db, customerId, { kycRequired: visit });
    const start = await demoSlot(db, booker, booking.at, now);
    if (!start) continue;
    const stones = visit ? await bookableStones(db, customerId, booking.stones ?? [], now) : [];
    const createdAt = new Date(now.getTime() - booking.bookedHoursAgo * HOUR);
    const canceledAt =
      booking.canceledHoursAgo === undefined
        ? null
        : new Date(now.getTime() - booking.canceledHoursAgo * HOUR);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(appointments)
        .values({
          customerId,
          kamId: booker.kam.id,
          kind: booking.kind,
          startsAt: start,
          status: canceledAt ? 'canceled' : 'booked',
          address: visit ? storeAddressesOf(booker.kam.location)[0]! : '',
          reason: booking.reason ?? '',
          stones,
          revision: canceledAt ? 1 : 0,
          createdAt,
          updatedAt: canceledAt ?? createdAt,
          canceledAt,
          // A visit that took place was reminded an hour before, as the job does.
          remindedAt: !canceledAt && start < now ? new Date(start.getTime() - HOUR) : null,
        })
        .returning();
      await recordPastNotices(tx, pastNotices(booker, inserted!));
      return inserted!;
    });
    recorded.push(row);
  }
  return recorded;
}
