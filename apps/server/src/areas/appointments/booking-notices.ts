import type { AppointmentRow } from './appointment-rows.ts';
import type { BookerWithKam } from './booker.ts';
import { slotText } from './kam-calendar.ts';

/** What the customer's notice of a booking says (the demo's earlier bookings say the same). */
export interface BookingNotice {
  title: string;
  message: string;
  targetPage?: string;
}

/** "Thu 3 Dec 2026, 10:00 AM – 10:30 AM (Asia/Kolkata) with Ananya Iyer, <the store's address>" */
function slotWithKam(booker: BookerWithKam, row: Pick<AppointmentRow, 'startsAt' | 'address'>) {
  return `${slotText(row.startsAt, booker.kam.location)} with ${booker.kam.name}, ${row.address}`;
}

export function appointmentBookedNotice(booker: BookerWithKam, row: AppointmentRow): BookingNotice {
  return {
    title: 'Appointment booked',
    message: `Your appointment is booked: ${slotWithKam(booker, row)}.`,
    targetPage: 'appointment:upcomingAppointments',
  };
}

export function appointmentRescheduledNotice(booker: BookerWithKam, row: AppointmentRow): BookingNotice {
  return {
    title: 'Appointment rescheduled',
    message: `Your appointment is now ${slotWithKam(booker, row)}.`,
    targetPage: 'appointment:upcomingAppointments',
  };
}

export function appointmentCanceledNotice(booker: BookerWithKam, row: AppointmentRow): BookingNotice {
  return {
    title: 'Appointment cancelled',
    message: `Your appointment of ${slotWithKam(booker, row)} is cancelled.`,
    targetPage: 'appointment:pastAppointments',
  };
}

export function callbackScheduledNotice(booker: BookerWithKam, start: Date): BookingNotice {
  return {
    title: 'Callback scheduled',
    message: `${booker.kam.name} will call you on ${slotText(start, booker.kam.location)}.`,
  };
}
