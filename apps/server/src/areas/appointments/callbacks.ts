import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { appointments } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotice } from '../notices/index.ts';
import { type MailDeps, mailCallback } from './appointment-mail.ts';
import { isSlotConflict } from './appointment-rows.ts';
import { findKamBooker } from './booker.ts';
import { callbackScheduledNotice } from './booking-notices.ts';
import { checkSlot, kamTimeSlots, timeZoneOf, zonedIso } from './kam-calendar.ts';
import { storeAddressesOf } from './store-addresses.ts';

export interface CallbackDeps extends MailDeps {
  db: Database;
  clock: Clock;
}

/** GET create-request-payload: the KAM, the stores and the KAM's slots (appointments need KYC). */
export async function appointmentForm(deps: Pick<CallbackDeps, 'db' | 'clock'>, customerId: string) {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: true });
  return {
    kam: { kam_name: booker.kam.name, image: booker.kam.image, post: booker.kam.post },
    storeAddresses: [...storeAddressesOf(booker.kam.location)],
    timeSlots: await kamTimeSlots(deps.db, booker.kam, deps.clock.now()),
  };
}

/** GET /store/customers/me/timeslots: the same calendar, for a callback (no KYC needed). */
export async function callbackSlots(deps: Pick<CallbackDeps, 'db' | 'clock'>, customerId: string) {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: false });
  return { data: { timeSlots: await kamTimeSlots(deps.db, booker.kam, deps.clock.now()) } };
}

/** The pins: a callback_at in the past or not on a free slot is 400 VALIDATION_FAILED. */
function unavailable(message: string) {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'callback_at', message }]);
}
const NOT_FREE = 'This time slot is no longer available. Please choose another one.';

/**
 * POST /store/customers/me/request-callback. Without a time the KAM is asked to call now; with
 * one, the call takes the KAM's slot like an appointment (the same unique index), so a scheduled
 * call and a visit never collide.
 */
export async function requestCallback(
  deps: CallbackDeps,
  customerId: string,
  callbackAt: string | undefined,
) {
  const booker = await findKamBooker(deps.db, customerId, { kycRequired: false });
  if (callbackAt === undefined) {
    await mailCallback(deps, deps.db, booker, null, deps.clock.now());
    return { status: 'requested' as const, callback_at: null };
  }
  const start = new Date(callbackAt);
  const check = await checkSlot(deps.db, booker.kam, start, deps.clock.now());
  if (check === 'not_a_slot') throw unavailable('Select one of the offered time slots.');
  if (check !== 'free') throw unavailable(NOT_FREE);
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [inserted] = await tx
        .insert(appointments)
        .values({
          customerId,
          kamId: booker.kam.id,
          kind: 'callback',
          startsAt: start,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await createNotice(tx, deps.clock, {
        customerId,
        kind: 'appointment_changed',
        ...callbackScheduledNotice(booker, start),
      });
      await mailCallback(deps, tx, booker, inserted!, now);
      return inserted!;
    });
  } catch (err) {
    if (isSlotConflict(err)) throw unavailable(NOT_FREE);
    throw err;
  }
  return { status: 'scheduled' as const, callback_at: zonedIso(start, timeZoneOf(booker.kam.location)) };
}
