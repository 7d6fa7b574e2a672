import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { appointments } from '../../platform/db/schema/index.ts';
import { defineJob, type JobSchedule } from '../../platform/jobs/index.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { createNotice } from '../notices/index.ts';
import { type BookerWithKam, findBooker, fullName } from './booker.ts';
import { slotText } from './kam-calendar.ts';

/** Reminders go one hour before an appointment or a scheduled callback starts. */
export const REMINDER_LEAD_MINUTES = 60;

/**
 * Reminds both sides of every booking that starts within the hour: the customer by a notice, the
 * KAM by email, in one transaction per run. The claim is `reminded_at`: an UPDATE of the bookings
 * not yet reminded, so with several runners (or a rerun) each booking is reminded once. A booking
 * whose start has passed (the server was down) is not reminded any more.
 */
export async function sendDueReminders(db: Database, clock: Clock, messenger: Messenger): Promise<number> {
  const now = clock.now();
  const horizon = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(appointments)
      .set({ remindedAt: now })
      .where(
        and(
          eq(appointments.status, 'booked'),
          isNull(appointments.remindedAt),
          gt(appointments.startsAt, now),
          lte(appointments.startsAt, horizon),
        ),
      )
      .returning();
    for (const row of due) {
      const booker = await findBooker(tx, row.customerId);
      if (!booker.kam) continue;
      const withKam = booker as BookerWithKam;
      const when = slotText(row.startsAt, withKam.kam.location);
      const call = row.kind === 'callback';
      await createNotice(tx, clock, {
        customerId: row.customerId,
        kind: 'appointment_reminder',
        title: call ? 'Callback in one hour' : 'Appointment in one hour',
        message: call
          ? `${withKam.kam.name} will call you on ${withKam.phone} at ${when}.`
          : `Your appointment with ${withKam.kam.name} is at ${when}, ${row.address}.`,
        targetPage: call ? null : 'appointment:upcomingAppointments',
        important: true,
      });
      await messenger.send(
        {
          channel: 'email',
          to: withKam.kam.email,
          subject: `Reminder: ${call ? 'call' : 'appointment'} with ${fullName(withKam)} (${withKam.companyName}), ${when}`,
          body: call
            ? `Call ${fullName(withKam)} of ${withKam.companyName} on ${withKam.phone} at ${when}.`
            : [
                `${fullName(withKam)} of ${withKam.companyName} (${withKam.email}, ${withKam.phone}) comes to see you at ${when}.`,
                '',
                `Where: ${row.address}`,
                ...(row.stones.length > 0
                  ? [`Stones: ${row.stones.map((s) => `${s.lot_id}(${s.location})`).join(', ')}`]
                  : []),
                ...(row.reason ? [`Comment: ${row.reason}`] : []),
              ].join('\n'),
        },
        tx,
      );
    }
    return due.length;
  });
}

/**
 * The reminders as a job (`appointments.send-reminders`), scheduled every minute by the app: each
 * run is enqueued once however many instances run, and each booking reminded once.
 */
export function appointmentReminders(messenger: Messenger): JobSchedule {
  const job = defineJob('appointments.send-reminders', z.object({}), async (_, { db, clock, log }) => {
    const sent = await sendDueReminders(db, clock, messenger);
    if (sent > 0) log.info({ sent }, 'appointment reminders sent');
    return sent;
  });
  return { job, cadence: { everyMinutes: 1 } };
}
