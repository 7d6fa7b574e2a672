import { z } from 'zod';
import { route } from './route.ts';

/**
 * Appointments and callbacks with the key account manager (spec §2, §5, §7, §8; pins
 * "Appointments and callbacks"; domain-facts §7). The KAM's calendar has 30-minute slots from
 * 10:00 to 18:00 (the last starts 17:30) in the time zone of the KAM's location, on the next 7
 * dates without Sundays, starting today. A slot is unavailable when it starts within 2 hours or
 * the KAM is booked then, by an appointment or a scheduled callback: one booking per KAM slot.
 */
export const APPOINTMENT_LIMITS = {
  slotMinutes: 30,
  /** First slot 10:00, last 17:30, in the KAM's time zone. */
  firstSlotHour: 10,
  endHour: 18,
  /** Dates offered, Sundays left out. */
  dates: 7,
  /** A slot starting sooner than this cannot be booked. */
  leadHours: 2,
  reasonLength: 256,
  /** Stones one appointment may name (the cart's limit). */
  maxStones: 300,
} as const;

/** Slot groups, in the order they show: before 12:00, 12:00–16:59, from 17:00. */
export const SLOT_GROUPS = ['Morning', 'Afternoon', 'Evening'] as const;
export type SlotGroup = (typeof SLOT_GROUPS)[number];

/** The KAM's locations and their time zones (pins). */
export const KAM_TIME_ZONES = {
  IND: 'Asia/Kolkata',
  BEL: 'Europe/Brussels',
  USA: 'America/New_York',
  DUB: 'Asia/Dubai',
  ISR: 'Asia/Jerusalem',
  HK: 'Asia/Hong_Kong',
} as const satisfies Record<string, string>;

export const timeSlot = z
  .object({
    /** ISO 8601 with the KAM zone's offset, e.g. "2026-11-26T10:00:00+05:30". */
    datetimeString: z.string(),
    isAvailable: z.boolean(),
  })
  .meta({ id: 'TimeSlot' });
export type TimeSlot = z.infer<typeof timeSlot>;

export const slotDate = z.object({
  /** Day of the month, e.g. "26": the key of `slots`. */
  date: z.string(),
  /** "Thu". */
  day: z.string(),
  /** "2026-11-26". */
  iso_date: z.string(),
});
export type SlotDate = z.infer<typeof slotDate>;

/** `slots[date][group][label]`, e.g. `slots["26"]["Morning"]["10:00 AM"]` (spec §3). */
export const timeSlots = z
  .object({
    dates: z.array(slotDate),
    slots: z.record(z.string(), z.record(z.string(), z.record(z.string(), timeSlot))),
  })
  .meta({ id: 'TimeSlots' });
export type TimeSlots = z.infer<typeof timeSlots>;

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'canceled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A stone an appointment is about: "I want to know more about LD100231(BEL)". */
export const appointmentStone = z.object({ lot_id: z.string(), location: z.string() });
export type AppointmentStone = z.infer<typeof appointmentStone>;

export const appointment = z
  .object({
    id: z.string(),
    address: z.string(),
    /** The slot's start, ISO 8601 with the KAM zone's offset; the slot ends 30 minutes later. */
    appointment_at: z.string(),
    /** A visit to the store. */
    appointment_type: z.literal('in_person'),
    reason: z.string(),
    /** scheduled until it starts, then completed; canceled when the customer cancelled it. */
    status: z.enum(APPOINTMENT_STATUSES),
    stones: z.array(appointmentStone),
    customer_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Appointment' });
export type Appointment = z.infer<typeof appointment>;

const lotId = z.string().trim().min(1).max(64);

/** Book and reschedule take the same body (domain-facts §7). */
export const appointmentRequest = z
  .object({
    stones: z
      .array(lotId)
      .max(APPOINTMENT_LIMITS.maxStones, `Select at most ${APPOINTMENT_LIMITS.maxStones} stones`)
      .default([]),
    appointment_at: z.iso.datetime({ offset: true, message: 'Select a time slot' }),
    reason: z
      .string()
      .trim()
      .max(
        APPOINTMENT_LIMITS.reasonLength,
        `Keep the comment under ${APPOINTMENT_LIMITS.reasonLength + 1} characters`,
      )
      .default(''),
    address: z.string().trim().min(1, 'Select a location').max(300),
  })
  .strict();
export type AppointmentRequest = z.input<typeof appointmentRequest>;

export const appointmentKam = z.object({
  kam_name: z.string(),
  image: z.string().nullable(),
  post: z.string(),
});

export const appointmentForm = route({
  method: 'GET',
  path: '/store/appointments/create-request-payload',
  summary:
    "What the booking form offers: the KAM, the store addresses and the KAM's free slots (KYC approved)",
  tag: 'appointments',
  auth: true,
  status: 200,
  response: z.object({
    kam: appointmentKam,
    storeAddresses: z.array(z.string()),
    timeSlots,
  }),
});

export const bookAppointment = route({
  method: 'POST',
  path: '/store/appointments',
  summary:
    'Book a free slot of the KAM (409 SLOT_TAKEN when it is no longer free; 400 STONE_NOT_BOOKABLE for Hold or Memo stones; KYC approved)',
  tag: 'appointments',
  auth: true,
  body: appointmentRequest,
  status: 201,
  response: z.object({ appointment }),
});

const appointmentParams = z.object({ appointmentId: z.uuid() });

export const rescheduleAppointment = route({
  method: 'PUT',
  path: '/store/appointments/:appointmentId',
  summary: 'Move one of my upcoming appointments to another free slot, or change its details',
  tag: 'appointments',
  auth: true,
  params: appointmentParams,
  body: appointmentRequest,
  status: 200,
  response: z.object({ appointment }),
});

export const cancelAppointment = route({
  method: 'DELETE',
  path: '/store/appointments/:appointmentId',
  summary: 'Cancel one of my upcoming appointments; its slot is free again',
  tag: 'appointments',
  auth: true,
  params: appointmentParams,
  status: 204,
});

export const listAppointments = route({
  method: 'GET',
  path: '/store/appointments',
  summary: 'My appointments: upcoming (soonest first) and history (latest first, cancelled ones included)',
  tag: 'appointments',
  auth: true,
  status: 200,
  response: z.object({
    data: z.object({ upcoming: z.array(appointment), history: z.array(appointment) }),
  }),
});

export const callbackTimeSlots = route({
  method: 'GET',
  path: '/store/customers/me/timeslots',
  summary: "The KAM's slots for a callback (the appointment slots: one calendar)",
  tag: 'appointments',
  auth: true,
  status: 200,
  response: z.object({ data: z.object({ timeSlots }) }),
});

export const requestCallback = route({
  method: 'POST',
  path: '/store/customers/me/request-callback',
  summary:
    'No body: the KAM calls as soon as possible. With callback_at (a free slot): the KAM calls then. The KAM is emailed either way',
  tag: 'appointments',
  auth: true,
  body: z
    .object({ callback_at: z.iso.datetime({ offset: true, message: 'Select a time slot' }) })
    .strict()
    .nullish(),
  status: 200,
  response: z.object({
    status: z.enum(['requested', 'scheduled']),
    /** The slot's start for a scheduled callback; null for a call now. */
    callback_at: z.string().nullable(),
  }),
});

/** Spec §8, word for word. */
export const CALLBACK_SCHEDULED = {
  title: 'Callback Scheduled Successfully',
  message: 'We have received your request. You will receive a call at the scheduled time with your KAM',
} as const;
export const CALLBACK_REQUESTED = {
  title: 'Callback Requested Successfully',
  message: 'We have received your request. You will receive a call shortly from your KAM.',
} as const;

/** "I want to know more about LD100231(BEL), LD100232(IND)", cut to the comment's limit. */
export function stonesComment(stones: readonly AppointmentStone[]): string {
  if (stones.length === 0) return '';
  const text = `I want to know more about ${stones.map((s) => `${s.lot_id}(${s.location})`).join(', ')}`;
  if (text.length <= APPOINTMENT_LIMITS.reasonLength) return text;
  const cut = text.slice(0, APPOINTMENT_LIMITS.reasonLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(',') > 0 ? cut.lastIndexOf(',') : cut.length)}…`;
}
