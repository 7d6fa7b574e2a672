import {
  type AppointmentRequest,
  appointmentForm,
  bookAppointment,
  type TimeSlots,
} from '@loupe/contract/appointments';
import { devOutbox } from '@loupe/contract/portal';
import { createKam, type KamInput } from '../app/seed/factories.ts';
import { callRoute } from './call-route.ts';
import { loggedInCustomer } from './stock-kit.ts';
import type { TestApp } from './test-app.ts';

/** Helpers the appointment tests share: a fixed "now", a KAM with customers, slots by label. */

/** Wednesday 2 December 2026, 09:30 in Mumbai (04:00 UTC): a working day, before the first slot. */
export const WEDNESDAY_MORNING = new Date('2026-12-02T04:00:00Z');

export function setNow(t: TestApp, at: Date) {
  t.clock.advance(at.getTime() - t.clock.now().getTime());
}

export async function kamWithCustomers(t: TestApp, count: number, kam: KamInput = {}) {
  const row = await createKam(t.deps.db, { location: 'IND', ...kam });
  const customers = await Promise.all(
    Array.from({ length: count }, (_, i) => loggedInCustomer(t, { kamId: row.id, firstName: `Buyer${i}` })),
  );
  return { kam: row, customers };
}

export async function formOf(t: TestApp, token: string) {
  const res = await callRoute(t.app, appointmentForm, { token });
  if (res.status !== 200) throw new Error(`form: ${res.status} ${JSON.stringify(res.error)}`);
  return res.body;
}

/** The slot of a date (day of month) and a label, e.g. slotAt(slots, '3', '10:00 AM'). */
export function slotAt(timeSlots: TimeSlots, date: string, label: string) {
  for (const byLabel of Object.values(timeSlots.slots[date] ?? {})) {
    const slot = byLabel[label];
    if (slot) return slot;
  }
  throw new Error(`no slot ${date} ${label}`);
}

export async function book(
  t: TestApp,
  token: string,
  body: Partial<AppointmentRequest> & { appointment_at: string },
) {
  const form = await formOf(t, token);
  return callRoute(t.app, bookAppointment, {
    token,
    body: { address: form.storeAddresses[0]!, reason: '', stones: [], ...body },
  });
}

export async function outboxOf(t: TestApp, to: string) {
  const res = await callRoute(t.app, devOutbox, { query: { to } });
  return res.body.messages;
}

/** The newest email with a calendar invitation to this address (notices may email too). */
export async function invitationTo(t: TestApp, to: string) {
  const message = (await outboxOf(t, to)).find((m) => m.attachments.length > 0);
  if (!message) throw new Error(`no invitation to ${to}`);
  return { ...message, ics: message.attachments[0]! };
}
