import { APPOINTMENT_LIMITS, type Appointment } from '@loupe/contract/appointments';
import { twoDigits } from '../../lib/format';

/**
 * Appointment times are written in the KAM's zone (where the store is), as ISO 8601 with that
 * offset: the screens show that wall-clock time as written, whatever the browser's own zone.
 */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function wallClock(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d, h, min));
}

function timeText(wall: Date): string {
  const hour = wall.getUTCHours();
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${twoDigits(wall.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Thu, 3 Dec 2026". */
export function appointmentDate(iso: string): string {
  const wall = wallClock(iso);
  if (!wall) return iso;
  return `${DAYS[wall.getUTCDay()]}, ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** "10:00 AM - 10:30 AM": the slot from its start to 30 minutes later (domain-facts §7). */
export function timeSlotText(iso: string): string {
  const wall = wallClock(iso);
  if (!wall) return iso;
  const end = new Date(wall.getTime() + APPOINTMENT_LIMITS.slotMinutes * 60_000);
  return `${timeText(wall)} - ${timeText(end)}`;
}

/** "Thu, 3 Dec 2026, 10:00 AM - 10:30 AM". */
export function appointmentWhen(iso: string): string {
  return `${appointmentDate(iso)}, ${timeSlotText(iso)}`;
}

/** The dashboard card: how many are coming and when the next one is. */
export function upcomingSummary(upcoming: readonly Appointment[]): { count: number; next: string | null } {
  const next = upcoming[0];
  return { count: upcoming.length, next: next ? appointmentWhen(next.appointment_at) : null };
}
