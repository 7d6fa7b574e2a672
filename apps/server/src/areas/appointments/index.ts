/**
 * Appointments and callbacks with the key account manager: the one writer of appointments (the
 * KAMs' calendars: store visits and scheduled calls, one booking per KAM slot).
 */
export { appointmentRoutes } from './routes.ts';
