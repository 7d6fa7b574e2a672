import { requestCallback, rescheduleAppointment } from '@loupe/contract/appointments';
import { listNotices } from '@loupe/contract/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  formOf,
  kamWithCustomers,
  outboxOf,
  setNow,
  WEDNESDAY_MORNING,
} from '../../test/appointment-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The reminder an hour before, sent by the scheduled job `appointments.send-reminders`. */

let t: TestApp;
let made: Awaited<ReturnType<typeof kamWithCustomers>>;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, WEDNESDAY_MORNING);
  made = await kamWithCustomers(t, 2, { name: 'Ananya Iyer', email: 'ananya.reminders@loupe.test' });
}, 60_000);
afterAll(() => t.close());

async function reminders(token: string) {
  const res = await callRoute(t.app, listNotices, { token, query: {} });
  return res.body.notices.filter((n) => n.title.endsWith('in one hour'));
}

describe('[APPOINTMENTS] reminders', () => {
  it('reminds the customer (a notice) and the KAM (an email) once, an hour before; a move reminds again', async () => {
    const [riya, omar] = made.customers as [(typeof made.customers)[0], (typeof made.customers)[0]];
    // Thursday 10:00 in Mumbai is 04:30 UTC.
    const booked = await book(t, riya.token, { appointment_at: '2026-12-03T10:00:00+05:30' });
    expect(booked.status).toBe(201);
    await callRoute(t.app, requestCallback, {
      token: omar.token,
      body: { callback_at: '2026-12-03T10:30:00+05:30' },
    });

    // 61 minutes before: nothing yet.
    setNow(t, new Date('2026-12-03T03:29:00Z'));
    await t.runDueJobs();
    expect(await reminders(riya.token)).toEqual([]);

    // 60 minutes before: the appointment's reminder, not yet the callback's.
    setNow(t, new Date('2026-12-03T03:30:00Z'));
    await t.runDueJobs();
    const [notice] = await reminders(riya.token);
    expect(notice).toMatchObject({
      title: 'Appointment in one hour',
      target_page: 'appointment:upcomingAppointments',
    });
    expect(notice!.message).toContain('Ananya Iyer is at Thu 3 Dec 2026, 10:00 AM – 10:30 AM (Asia/Kolkata)');
    const [toKam] = await outboxOf(t, 'ananya.reminders@loupe.test');
    expect(toKam!.subject).toBe(
      'Reminder: appointment with Buyer0 Buyer (Test Jewellers), Thu 3 Dec 2026, 10:00 AM – 10:30 AM (Asia/Kolkata)',
    );
    expect(await reminders(omar.token)).toEqual([]);

    // Later runs remind nobody twice; the callback's turn comes.
    setNow(t, new Date('2026-12-03T04:00:00Z'));
    await t.runDueJobs();
    expect(await reminders(riya.token)).toHaveLength(1);
    const [call] = await reminders(omar.token);
    expect(call).toMatchObject({ title: 'Callback in one hour', target_page: null });

    // Moved to Friday: reminded again an hour before the new time.
    setNow(t, new Date('2026-12-03T04:05:00Z'));
    const form = await formOf(t, riya.token);
    const moved = await callRoute(t.app, rescheduleAppointment, {
      token: riya.token,
      params: { appointmentId: booked.body.appointment.id },
      body: {
        appointment_at: '2026-12-04T10:00:00+05:30',
        address: form.storeAddresses[0]!,
        reason: '',
        stones: [],
      },
    });
    expect(moved.status).toBe(200);
    setNow(t, new Date('2026-12-04T03:31:00Z'));
    await t.runDueJobs();
    expect(await reminders(riya.token)).toHaveLength(2);
  });
});
