import {
  appointmentForm,
  bookAppointment,
  CALLBACK_REQUESTED,
  callbackTimeSlots,
  cancelAppointment,
  listAppointments,
  requestCallback,
  rescheduleAppointment,
  SLOT_GROUPS,
  stonesComment,
} from '@loupe/contract/appointments';
import { listNotices } from '@loupe/contract/notices';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import {
  book,
  formOf,
  invitationTo,
  kamWithCustomers,
  outboxOf,
  setNow,
  slotAt,
  WEDNESDAY_MORNING,
} from '../../test/appointment-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { setStone } from '../../test/cart-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof loggedInCustomer>>;
let kam: Awaited<ReturnType<typeof kamWithCustomers>>['kam'];
let riya: Customer;
let omar: Customer;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, WEDNESDAY_MORNING);
  const made = await kamWithCustomers(t, 2, { name: 'Ananya Iyer', email: 'ananya@loupe.test' });
  kam = made.kam;
  [riya, omar] = made.customers as [Customer, Customer];
}, 60_000);
afterAll(() => t.close());
beforeEach(() => setNow(t, WEDNESDAY_MORNING));

describe('[APPOINTMENTS] the KAM calendar', () => {
  it('offers 7 dates from today in the KAM zone without Sundays, 30-minute slots 10:00 to 17:30 in three groups', async () => {
    const form = await formOf(t, riya.token);
    expect(form.kam).toEqual({ kam_name: 'Ananya Iyer', image: null, post: 'Key Account Manager' });
    expect(form.storeAddresses[0]).toContain('Mumbai');
    const { dates, slots } = form.timeSlots;
    expect(dates.map((d) => `${d.day} ${d.date}`)).toEqual([
      'Wed 2',
      'Thu 3',
      'Fri 4',
      'Sat 5',
      'Mon 7',
      'Tue 8',
      'Wed 9',
    ]);
    expect(dates[0]!.iso_date).toBe('2026-12-02');
    const thursday = slots['3']!;
    expect(Object.keys(thursday)).toEqual([...SLOT_GROUPS]);
    expect(Object.keys(thursday.Morning!)).toEqual(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM']);
    expect(Object.keys(thursday.Afternoon!)).toHaveLength(10);
    expect(Object.keys(thursday.Evening!)).toEqual(['5:00 PM', '5:30 PM']);
    expect(thursday.Morning!['10:00 AM']).toEqual({
      datetimeString: '2026-12-03T10:00:00+05:30',
      isAvailable: true,
    });
    // Now is 09:30 in Mumbai: slots starting before 11:30 today are within 2 hours.
    const today = slots['2']!.Morning!;
    expect(Object.values(today).map((s) => s.isAvailable)).toEqual([false, false, false, true]);
  });

  it('follows the KAM: Brussels slots carry their offset; the callback slots are the same calendar', async () => {
    const { customers } = await kamWithCustomers(t, 1, { location: 'BEL' });
    const form = await formOf(t, customers[0]!.token);
    expect(slotAt(form.timeSlots, '3', '10:00 AM').datetimeString).toBe('2026-12-03T10:00:00+01:00');
    const slots = await callRoute(t.app, callbackTimeSlots, { token: customers[0]!.token });
    expect(slots.status).toBe(200);
    expect(slots.body.data.timeSlots).toEqual(form.timeSlots);
  });

  it('is for KYC-approved customers: 403 KYC_REQUIRED for the form, booking and the list', async () => {
    const pending = await loggedInCustomer(t, { kamId: kam.id, kycStatus: 'pending' });
    for (const res of [
      await callRoute(t.app, appointmentForm, { token: pending.token }),
      await callRoute(t.app, listAppointments, { token: pending.token }),
      await callRoute(t.app, bookAppointment, {
        token: pending.token,
        body: { appointment_at: '2026-12-03T15:00:00+05:30', address: 'x', reason: '', stones: [] },
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe('KYC_REQUIRED');
    }
  });
});

describe('[APPOINTMENTS] booking, rescheduling, cancelling', () => {
  it('books a free slot: listed as upcoming, taken for everyone, a notice, the KAM emailed and an invitation', async () => {
    const [stone] = await createStones(t.deps.db, [{ lot_id: 'LDAPPT001', location: 'BEL' }]);
    const reason = stonesComment([{ lot_id: stone!.lotId, location: 'BEL' }]);
    expect(reason).toBe('I want to know more about LDAPPT001(BEL)');
    const res = await book(t, riya.token, {
      appointment_at: '2026-12-03T10:00:00+05:30',
      stones: ['ldappt001'],
      reason,
    });
    expect(res.status).toBe(201);
    const { appointment } = res.body;
    expect(appointment).toMatchObject({
      appointment_at: '2026-12-03T10:00:00+05:30',
      appointment_type: 'in_person',
      status: 'scheduled',
      reason,
      stones: [{ lot_id: 'LDAPPT001', location: 'BEL' }],
      customer_id: riya.id,
    });

    const list = await callRoute(t.app, listAppointments, { token: riya.token });
    expect(list.body.data.upcoming.map((a) => a.id)).toEqual([appointment.id]);
    expect(list.body.data.history).toEqual([]);

    // Taken for the KAM's other customers too.
    const omarsForm = await formOf(t, omar.token);
    expect(slotAt(omarsForm.timeSlots, '3', '10:00 AM').isAvailable).toBe(false);
    const again = await book(t, omar.token, { appointment_at: '2026-12-03T10:00:00+05:30' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'This time slot is no longer available. Please choose another one.',
    });

    const notices = await callRoute(t.app, listNotices, { token: riya.token, query: {} });
    expect(notices.body.notices[0]).toMatchObject({
      title: 'Appointment booked',
      target_page: 'appointment:upcomingAppointments',
    });
    expect(notices.body.notices[0]!.message).toContain('Thu 3 Dec 2026, 10:00 AM – 10:30 AM');

    const [toKam] = await outboxOf(t, 'ananya@loupe.test');
    expect(toKam!.subject).toContain('Appointment booked: Buyer0 Buyer');
    expect(toKam!.body).toContain('LDAPPT001(BEL)');
    const toRiya = await invitationTo(t, riya.email);
    expect(toRiya.subject).toContain('Your appointment with Ananya Iyer');
    const [ics] = toRiya.attachments;
    expect(ics!.filename).toBe('invite.ics');
    expect(ics!.content_type).toContain('text/calendar');
    expect(ics!.content).toContain('METHOD:REQUEST');
    expect(ics!.content).toContain(`UID:${appointment.id}@loupe`);
    expect(ics!.content).toContain('DTSTART:20261203T043000Z');
    expect(ics!.content).toContain('DTEND:20261203T050000Z');
    expect(ics!.content).toContain('SEQUENCE:0');
  });

  it('refuses slots that are not offered, too soon, and Hold or Memo stones', async () => {
    const notSlot = await book(t, riya.token, { appointment_at: '2026-12-03T10:15:00+05:30' });
    expect(notSlot.status).toBe(400);
    expect(notSlot.error?.code).toBe('VALIDATION_FAILED');
    const sunday = await book(t, riya.token, { appointment_at: '2026-12-06T10:00:00+05:30' });
    expect(sunday.status).toBe(400);
    const tooSoon = await book(t, riya.token, { appointment_at: '2026-12-02T11:00:00+05:30' });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.error?.code).toBe('SLOT_TAKEN');
    const badAddress = await book(t, riya.token, {
      appointment_at: '2026-12-04T10:00:00+05:30',
      address: 'My place',
    });
    expect(badAddress.status).toBe(400);

    const [held, memo, free] = await createStones(t.deps.db, [
      { lot_id: 'LDHELD01' },
      { lot_id: 'LDMEMO01' },
      { lot_id: 'LDFREE01' },
    ]);
    await setStone(t, held!.id, 'Hold', { for: riya.id, until: new Date('2026-12-20T00:00:00Z') });
    await setStone(t, memo!.id, 'Memo', { for: omar.id });
    const refused = await book(t, riya.token, {
      appointment_at: '2026-12-04T10:00:00+05:30',
      stones: [held!.lotId, memo!.lotId, free!.lotId, 'LDNOPE'],
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('STONE_NOT_BOOKABLE');
    expect(refused.error?.message).toBe(
      'LDHELD01, LDMEMO01 are on Hold or Memo and cannot be booked for an appointment. LDNOPE is not in our stock. Remove them and try again.',
    );

    const long = await book(t, riya.token, {
      appointment_at: '2026-12-04T10:00:00+05:30',
      reason: 'x'.repeat(257),
    });
    expect(long.status).toBe(400);
    expect(long.error?.code).toBe('VALIDATION_FAILED');
    // Nothing of these was booked.
    expect(slotAt((await formOf(t, omar.token)).timeSlots, '4', '10:00 AM').isAvailable).toBe(true);
  });

  it('reschedules to another free slot: the old slot frees, the KAM hears of the move, the invitation is replaced', async () => {
    const booked = await book(t, riya.token, {
      appointment_at: '2026-12-04T12:00:00+05:30',
      reason: 'Pairs',
    });
    const id = booked.body.appointment.id;
    const form = await formOf(t, riya.token);
    const moved = await callRoute(t.app, rescheduleAppointment, {
      token: riya.token,
      params: { appointmentId: id },
      body: {
        appointment_at: '2026-12-04T15:30:00+05:30',
        address: form.storeAddresses[0]!,
        reason: 'Pairs',
        stones: [],
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment.appointment_at).toBe('2026-12-04T15:30:00+05:30');
    const after = await formOf(t, omar.token);
    expect(slotAt(after.timeSlots, '4', '12:00 PM').isAvailable).toBe(true);
    expect(slotAt(after.timeSlots, '4', '3:30 PM').isAvailable).toBe(false);

    const [toKam] = await outboxOf(t, 'ananya@loupe.test');
    expect(toKam!.subject).toContain('Appointment rescheduled');
    expect(toKam!.body).toContain(
      'from Fri 4 Dec 2026, 12:00 PM – 12:30 PM (Asia/Kolkata) to Fri 4 Dec 2026, 3:30 PM – 4:00 PM',
    );
    const toRiya = await invitationTo(t, riya.email);
    expect(toRiya.ics.content).toContain('SEQUENCE:1');
    expect(toRiya.ics.content).toContain(`UID:${id}@loupe`);

    // Moving onto a slot someone holds is refused, and changes nothing.
    const omars = await book(t, omar.token, { appointment_at: '2026-12-04T16:00:00+05:30' });
    expect(omars.status).toBe(201);
    const clash = await callRoute(t.app, rescheduleAppointment, {
      token: riya.token,
      params: { appointmentId: id },
      body: {
        appointment_at: '2026-12-04T16:00:00+05:30',
        address: form.storeAddresses[0]!,
        reason: '',
        stones: [],
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.error?.code).toBe('SLOT_TAKEN');
  });

  it('a customer sees and changes only their own appointments', async () => {
    const mine = await book(t, omar.token, { appointment_at: '2026-12-05T10:00:00+05:30' });
    const id = mine.body.appointment.id;
    const form = await formOf(t, riya.token);
    const list = await callRoute(t.app, listAppointments, { token: riya.token });
    expect(list.body.data.upcoming.map((a) => a.id)).not.toContain(id);
    const move = await callRoute(t.app, rescheduleAppointment, {
      token: riya.token,
      params: { appointmentId: id },
      body: {
        appointment_at: '2026-12-05T11:00:00+05:30',
        address: form.storeAddresses[0]!,
        reason: '',
        stones: [],
      },
    });
    expect(move.status).toBe(404);
    const cancel = await callRoute(t.app, cancelAppointment, {
      token: riya.token,
      params: { appointmentId: id },
    });
    expect(cancel.status).toBe(404);
    const still = await callRoute(t.app, listAppointments, { token: omar.token });
    expect(still.body.data.upcoming.find((a) => a.id === id)?.status).toBe('scheduled');
  });

  it('cancels: into the history as cancelled, the slot is free again, a CANCEL invitation', async () => {
    const booked = await book(t, riya.token, { appointment_at: '2026-12-07T10:00:00+05:30' });
    const id = booked.body.appointment.id;
    t.clock.advance(60_000);
    const res = await callRoute(t.app, cancelAppointment, {
      token: riya.token,
      params: { appointmentId: id },
    });
    expect(res.status).toBe(204);
    const list = await callRoute(t.app, listAppointments, { token: riya.token });
    expect(list.body.data.upcoming.map((a) => a.id)).not.toContain(id);
    expect(list.body.data.history.find((a) => a.id === id)?.status).toBe('canceled');
    const toRiya = await invitationTo(t, riya.email);
    expect(toRiya.subject).toContain('is cancelled');
    expect(toRiya.ics.content).toContain('METHOD:CANCEL');
    const [toKam] = await outboxOf(t, 'ananya@loupe.test');
    expect(toKam!.subject).toContain('Appointment cancelled');
    const notices = await callRoute(t.app, listNotices, { token: riya.token, query: {} });
    expect(notices.body.notices[0]).toMatchObject({
      title: 'Appointment cancelled',
      target_page: 'appointment:pastAppointments',
    });
    expect(notices.body.notices[0]!.message).toMatch(
      /^Your appointment of Mon 7 Dec 2026, 10:00 AM – 10:30 AM .+, India is cancelled\.$/,
    );
    // Free again, for anyone; cancelling twice is refused.
    expect((await book(t, omar.token, { appointment_at: '2026-12-07T10:00:00+05:30' })).status).toBe(201);
    const twice = await callRoute(t.app, cancelAppointment, {
      token: riya.token,
      params: { appointmentId: id },
    });
    expect(twice.status).toBe(409);
  });

  it('an appointment that has taken place moves to the history as completed and can no longer change', async () => {
    const booked = await book(t, riya.token, { appointment_at: '2026-12-08T10:00:00+05:30' });
    const id = booked.body.appointment.id;
    setNow(t, new Date('2026-12-08T06:00:00Z'));
    const list = await callRoute(t.app, listAppointments, { token: riya.token });
    expect(list.body.data.history[0]).toMatchObject({ id, status: 'completed' });
    const cancel = await callRoute(t.app, cancelAppointment, {
      token: riya.token,
      params: { appointmentId: id },
    });
    expect(cancel.status).toBe(409);
  });
});

describe('[APPOINTMENTS] callbacks', () => {
  it('a call now: 200 and the KAM is emailed; no KYC needed', async () => {
    const pending = await loggedInCustomer(t, {
      kamId: kam.id,
      kycStatus: 'inprogress',
      firstName: 'Pending',
    });
    const res = await callRoute(t.app, requestCallback, { token: pending.token });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'requested', callback_at: null });
    const [toKam] = await outboxOf(t, 'ananya@loupe.test');
    expect(toKam!.subject).toBe('Callback requested now: Pending Buyer (Test Jewellers)');
    expect(CALLBACK_REQUESTED.title).toBe('Callback Requested Successfully');
  });

  it('a scheduled call takes the KAM slot; past, unoffered and taken times are 400', async () => {
    const res = await callRoute(t.app, requestCallback, {
      token: riya.token,
      body: { callback_at: '2026-12-09T17:30:00+05:30' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'scheduled', callback_at: '2026-12-09T17:30:00+05:30' });
    const [toKam] = await outboxOf(t, 'ananya@loupe.test');
    expect(toKam!.subject).toContain('Callback scheduled');
    const toRiya = await invitationTo(t, riya.email);
    expect(toRiya.ics.content).toContain('SUMMARY:Call from Ananya Iyer (Loupe Diamonds)');

    // The slot is gone for appointments and callbacks alike.
    expect((await book(t, omar.token, { appointment_at: '2026-12-09T17:30:00+05:30' })).status).toBe(409);
    for (const callback_at of [
      '2026-12-09T17:30:00+05:30',
      '2026-12-01T10:00:00+05:30',
      '2026-12-02T10:00:00+05:30',
      '2026-12-09T18:00:00+05:30',
    ]) {
      const refused = await callRoute(t.app, requestCallback, { token: omar.token, body: { callback_at } });
      expect(refused.status, callback_at).toBe(400);
      expect(refused.error?.code).toBe('VALIDATION_FAILED');
    }
    // Not an appointment: the list does not show it.
    const list = await callRoute(t.app, listAppointments, { token: riya.token });
    expect(
      [...list.body.data.upcoming, ...list.body.data.history].some((a) =>
        a.appointment_at.startsWith('2026-12-09T17:30'),
      ),
    ).toBe(false);
  });
});
