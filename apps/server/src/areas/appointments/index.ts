/**
 * Appointments and callbacks with the key account manager: the one writer of appointments (the
 * KAMs' calendars: store visits and scheduled calls, one booking per KAM slot), and the job that
 * reminds both sides an hour before.
 */
export { type DemoBooking, recordDemoBookings } from './demo-bookings.ts';
export { appointmentReminders } from './reminders.ts';
export { appointmentRoutes } from './routes.ts';
