import type { Appointment } from '@loupe/contract/appointments';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { appointments, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotice } from '../notices/index.ts';
import { type MailDeps, mailAppointmentChange } from './appointment-mail.ts';
import { bookableStones, isSlotConflict, isUpcoming, toAppointment } from './appointment-rows.ts';
import { type BookerWithKam, findKamBooker } from './booker.ts';
import {
  appointmentBookedNotice,
  appointmentCanceledNotice,
  appointmentRescheduledNotice,
} from './booking-notices.ts';
import { checkSlot } from './kam-calendar.ts';
import { storeAddressesOf } from './store-addresses.ts';

export interface AppointmentDeps extends MailDeps {
  db: Database;
  clock: Clock;
}

/** Book and reschedule: the body of both (domain-facts §7), as the contract parsed it. */
export interface AppointmentInput {
  stones: string[];
  appointment_at: string;
  reason: string;
  address: string;
}

const slotTaken = () => new AppError('SLOT_TAKEN');

/** The refusal a slot check words; races past the check meet the unique index instead. */
async function requireFreeSlot(deps: AppointmentDeps, booker: BookerWithKam, start: Date, except?: string) {
  const check = await checkSlot(deps.db, booker.kam, start, deps.clock.now(), except);
  if (check === 'not_a_slot') {
    throw new AppError('VALIDATION_FAILED', 'Select one of the offered time slots.', [
      { path: 'appointment_at', message: 'Select one of the offered time slots.' },
    ]);
  }
  if (check !== 'free') throw slotTaken();
}

function requireStoreAddress(booker: BookerWithKam, address: string) {
  if (!storeAddressesOf(booker.kam.location).includes(address)) {
    throw new AppError('VALIDATION_FAILED', 'Select one of the offered locations.', [
      { path: 'address', message: 'Select one of the offered locations.' },
    ]);
  }
}

async function checkedInput(
  deps: AppointmentDeps,
  booker: BookerWithKam,
  input: AppointmentInput,
  except?: string,
) {
  const start = new Date(input.appointment_at);
  requireStoreAddress(booker, input.address);
  await requireFreeSlot(deps, booker, start, except);
  const stones = await bookableStones(deps.db, booker.id, input.stones, deps.clock.now());
  return { start, stones };
}

/** Runs a write that takes a KAM slot; a slot someone else took first answers 409 SLOT_TAKEN. */
async function takingSlot<T>(db: Database, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (err) {
    if (isSlotConflict(err)) throw slotTaken();
    throw err;
  }
}

/**
 * POST /store/appointments. The slot is checked first for a clear answer, but what decides a race
 * is the partial unique index over booked slots: of two customers taking one KAM slot at once,
 * the second insert fails however the two interleave, and hears 409 SLOT_TAKEN (decision 019).
 */
export async function bookAppointment(
  deps: AppointmentDeps,
  customerId: string,
  input: AppointmentInput,
): Promise<Appointment> {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: true });
  const { start, stones } = await checkedInput(deps, booker, input);
  const row = await takingSlot(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [inserted] = await tx
      .insert(appointments)
      .values({
        customerId,
        kamId: booker.kam.id,
        kind: 'appointment',
        startsAt: start,
        address: input.address,
        reason: input.reason,
        stones,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await createNotice(tx, deps.clock, {
      customerId,
      kind: 'appointment_changed',
      ...appointmentBookedNotice(booker, inserted!),
    });
    await mailAppointmentChange(deps, tx, booker, { kind: 'booked', row: inserted! }, now);
    return inserted!;
  });
  return toAppointment(row, booker.kam.location, deps.clock.now());
}

/** One of the customer's own appointments, still to come; anyone else's is not found. */
async function ownUpcoming(deps: AppointmentDeps, customerId: string, appointmentId: string) {
  const [row] = await deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.customerId, customerId),
        eq(appointments.kind, 'appointment'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'This appointment was not found.');
  if (row.status === 'canceled') throw new AppError('CONFLICT', 'This appointment is cancelled.');
  if (!isUpcoming(row, deps.clock.now())) {
    throw new AppError('CONFLICT', 'This appointment has taken place and can no longer be changed.');
  }
  return row;
}

/** The update only touches a booking still to come: a cancel or the hour passing in between wins. */
function stillUpcoming(appointmentId: string, now: Date) {
  return and(
    eq(appointments.id, appointmentId),
    eq(appointments.status, 'booked'),
    gt(appointments.startsAt, now),
  );
}

/** PUT /store/appointments/{id}: another free slot, or new details for the same one. */
export async function rescheduleAppointment(
  deps: AppointmentDeps,
  customerId: string,
  appointmentId: string,
  input: AppointmentInput,
): Promise<Appointment> {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: true });
  const current = await ownUpcoming(deps, customerId, appointmentId);
  const { start, stones } = await checkedInput(deps, booker, input, appointmentId);
  const row = await takingSlot(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [updated] = await tx
      .update(appointments)
      .set({
        startsAt: start,
        address: input.address,
        reason: input.reason,
        stones,
        revision: sql`${appointments.revision} + 1`,
        updatedAt: now,
        // A move means a new reminder an hour before the new time.
        ...(start.getTime() === current.startsAt.getTime() ? {} : { remindedAt: null }),
      })
      .where(stillUpcoming(appointmentId, now))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This appointment can no longer be changed.');
    await createNotice(tx, deps.clock, {
      customerId,
      kind: 'appointment_changed',
      ...appointmentRescheduledNotice(booker, updated),
    });
    const change = { kind: 'rescheduled' as const, row: updated, previousStart: current.startsAt };
    await mailAppointmentChange(deps, tx, booker, change, now);
    return updated;
  });
  return toAppointment(row, booker.kam.location, deps.clock.now());
}

/** DELETE /store/appointments/{id}: cancelled, and the slot is free for anyone again. */
export async function cancelAppointment(deps: AppointmentDeps, customerId: string, appointmentId: string) {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: true });
  await ownUpcoming(deps, customerId, appointmentId);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [canceled] = await tx
      .update(appointments)
      .set({
        status: 'canceled',
        canceledAt: now,
        updatedAt: now,
        revision: sql`${appointments.revision} + 1`,
      })
      .where(stillUpcoming(appointmentId, now))
      .returning();
    if (!canceled) throw new AppError('CONFLICT', 'This appointment can no longer be changed.');
    await createNotice(tx, deps.clock, {
      customerId,
      kind: 'appointment_changed',
      ...appointmentCanceledNotice(booker, canceled),
    });
    await mailAppointmentChange(deps, tx, booker, { kind: 'canceled', row: canceled }, now);
  });
}

/** GET /store/appointments: upcoming soonest first; history (past and cancelled) latest first. */
export async function listAppointments(deps: Pick<AppointmentDeps, 'db' | 'clock'>, customerId: string) {
  await findKamBooker(deps.db, customerId, { kycRequired: true }).catch((err: unknown) => {
    // A customer without a KAM still sees their (empty or earlier) list.
    if (err instanceof AppError && err.code === 'CONFLICT') return;
    throw err;
  });
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ row: appointments, location: kams.location })
    .from(appointments)
    .innerJoin(kams, eq(kams.id, appointments.kamId))
    .where(and(eq(appointments.customerId, customerId), eq(appointments.kind, 'appointment')))
    .orderBy(asc(appointments.startsAt));
  const upcoming = rows.filter(({ row }) => isUpcoming(row, now));
  const history = rows.filter(({ row }) => !isUpcoming(row, now)).reverse();
  const shown = ({ row, location }: (typeof rows)[number]) => toAppointment(row, location, now);
  return { data: { upcoming: upcoming.map(shown), history: history.map(shown) } };
}
