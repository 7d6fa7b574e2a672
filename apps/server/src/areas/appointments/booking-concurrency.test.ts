import { listAppointments, requestCallback, rescheduleAppointment } from '@loupe/contract/appointments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.ts';
import { appointments } from '../../platform/db/schema/index.ts';
import { book, formOf, kamWithCustomers, setNow, WEDNESDAY_MORNING } from '../../test/appointment-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isSlotConflict } from './appointment-rows.ts';

/**
 * The promise: of concurrent bookings of one KAM slot exactly one succeeds, by a database
 * constraint rather than a check before the insert. On PostgreSQL (TEST_DATABASE_URL) the
 * requests truly overlap on a pool of connections, so many of them pass the slot check before any
 * commits and only the partial unique index stops them; on PGlite they queue on one connection,
 * and the outcome must be the same.
 */

let t: TestApp;
let made: Awaited<ReturnType<typeof kamWithCustomers>>;
type Customer = (typeof made.customers)[number];
const RACERS = 16;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, WEDNESDAY_MORNING);
  made = await kamWithCustomers(t, RACERS);
}, 180_000);
afterAll(() => t.close());

async function bookedAt(start: string) {
  return t.deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.kamId, made.kam.id),
        eq(appointments.startsAt, new Date(start)),
        eq(appointments.status, 'booked'),
      ),
    );
}

describe('[APPOINTMENTS] concurrent bookings of one KAM slot', () => {
  it('is guarded by a partial unique index over booked slots', async () => {
    const [index] = await rows<{ indexdef: string }>(
      t.deps.db,
      sql`select indexdef from pg_indexes where indexname = 'appointments_kam_slot_key'`,
    );
    expect(index?.indexdef).toMatch(
      /CREATE UNIQUE INDEX .* \(kam_id, starts_at\) WHERE \(status = 'booked'::text\)/,
    );
  });

  it('refuses a second booked row for a KAM slot by itself, with no check in front; cancelled rows do not count', async () => {
    const start = new Date('2026-12-07T04:30:00Z');
    const row = (customerId: string, status: 'booked' | 'canceled') => ({
      customerId,
      kamId: made.kam.id,
      kind: 'appointment' as const,
      startsAt: start,
      status,
      createdAt: start,
      updatedAt: start,
    });
    const [a, b, c] = made.customers as [Customer, Customer, Customer];
    await t.deps.db.insert(appointments).values(row(a.id, 'canceled'));
    await t.deps.db.insert(appointments).values(row(b.id, 'booked'));
    const second = await t.deps.db
      .insert(appointments)
      .values(row(c.id, 'booked'))
      .then(() => null)
      .catch((err: unknown) => err);
    expect(isSlotConflict(second)).toBe(true);
    expect(await bookedAt('2026-12-07T10:00:00+05:30')).toHaveLength(1);
  });

  it(`${RACERS} customers booking the same slot at once: exactly one wins, the others hear 409 SLOT_TAKEN`, async () => {
    const slot = '2026-12-03T10:00:00+05:30';
    const address = (await formOf(t, made.customers[0]!.token)).storeAddresses[0]!;
    const answers = await Promise.all(
      made.customers.map((c) => book(t, c.token, { appointment_at: slot, address })),
    );
    const winners = answers.filter((a) => a.status === 201);
    const losers = answers.filter((a) => a.status !== 201);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(RACERS - 1);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.error?.code).toBe('SLOT_TAKEN');
    }
    const booked = await bookedAt(slot);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.id).toBe(winners[0]!.body.appointment.id);
  }, 60_000);

  it('bookings, scheduled callbacks and reschedules racing over three slots: one booking per slot, nothing half-done', async () => {
    const slots = ['2026-12-04T10:00:00+05:30', '2026-12-04T10:30:00+05:30', '2026-12-04T11:00:00+05:30'];
    const address = (await formOf(t, made.customers[0]!.token)).storeAddresses[0]!;
    // Half of the customers first get an appointment of their own on Saturday, to move later.
    const movers = made.customers.slice(0, RACERS / 2);
    const own = await Promise.all(
      movers.map((c, i) =>
        book(t, c.token, {
          appointment_at: `2026-12-05T${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00+05:30`,
          address,
        }),
      ),
    );
    expect(own.every((a) => a.status === 201)).toBe(true);

    const attempts = made.customers.map((c, i) => {
      const slot = slots[i % slots.length]!;
      if (i < movers.length) {
        return callRoute(t.app, rescheduleAppointment, {
          token: c.token,
          params: { appointmentId: own[i]!.body.appointment.id },
          body: { appointment_at: slot, address, reason: '', stones: [] },
        });
      }
      if (i % 2 === 0)
        return callRoute(t.app, requestCallback, { token: c.token, body: { callback_at: slot } });
      return book(t, c.token, { appointment_at: slot, address });
    });
    const answers = await Promise.all(attempts);
    for (const answer of answers) {
      expect([200, 201, 400, 409], JSON.stringify(answer.error)).toContain(answer.status);
      if (answer.status === 409) expect(answer.error?.code).toBe('SLOT_TAKEN');
      // A callback on a taken slot is 400 (pins); nothing else may be.
      if (answer.status === 400) expect(answer.error?.code).toBe('VALIDATION_FAILED');
    }
    const won = answers.filter((a) => a.status === 200 || a.status === 201);
    expect(won).toHaveLength(slots.length);
    for (const slot of slots) expect(await bookedAt(slot)).toHaveLength(1);

    // Movers who lost kept their Saturday appointment, untouched.
    for (const [i, mover] of movers.entries()) {
      const list = await callRoute(t.app, listAppointments, { token: mover.token });
      // (Thursday's race and the index test gave some of them other days)
      const mine = list.body.data.upcoming.filter((a) => /^2026-12-0[45]/.test(a.appointment_at));
      expect(mine).toHaveLength(1);
      const answer = answers[i]!;
      expect(mine[0]!.appointment_at).toBe(
        answer.status === 200 ? slots[i % slots.length] : own[i]!.body.appointment.appointment_at,
      );
    }
  }, 60_000);
});
