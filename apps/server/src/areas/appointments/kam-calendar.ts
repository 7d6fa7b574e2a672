import {
  APPOINTMENT_LIMITS,
  KAM_TIME_ZONES,
  SLOT_GROUPS,
  type SlotDate,
  type SlotGroup,
  type TimeSlots,
} from '@loupe/contract/appointments';
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { appointments } from '../../platform/db/schema/index.ts';

/**
 * The KAM's calendar (pins "Appointments and callbacks"): 30-minute slots from 10:00 (the last
 * starts 17:30) in the time zone of the KAM's location, on 7 dates starting today there, Sundays
 * left out. One calendar serves appointments and callbacks alike.
 */

const MINUTE = 60_000;
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The KAM's time zone; a location the pins do not name falls back to India's (the head office). */
export function timeZoneOf(location: string): string {
  return (KAM_TIME_ZONES as Record<string, string>)[location] ?? KAM_TIME_ZONES.IND;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of a zone at an instant, as if it were UTC (so Date's UTC getters read it). */
function wallClock(instant: Date, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}

/** Minutes the zone is ahead of UTC at an instant (+330 in Mumbai). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return Math.round((wallClock(whole, timeZone).getTime() - whole.getTime()) / MINUTE);
}

/** The instant a wall-clock time (given as UTC fields) happens in a zone. */
function instantOf(wall: Date, timeZone: string): Date {
  const guess = wall.getTime() - offsetMinutes(wall, timeZone) * MINUTE;
  // Near a daylight-saving change the offset at the guess may differ: one correction settles it.
  return new Date(wall.getTime() - offsetMinutes(new Date(guess), timeZone) * MINUTE);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-26T10:00:00+05:30": ISO 8601 with the zone's offset. */
export function zonedIso(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const wall = new Date(instant.getTime() + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "10:00 AM", "5:30 PM". */
function timeLabel(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

function groupOf(hour: number): SlotGroup {
  if (hour < 12) return SLOT_GROUPS[0];
  if (hour < 17) return SLOT_GROUPS[1];
  return SLOT_GROUPS[2];
}

export interface Slot {
  start: Date;
  date: SlotDate;
  group: SlotGroup;
  label: string;
}

/** Every slot of the 7 dates, in order, whether free or not. */
export function slotGrid(now: Date, timeZone: string): { dates: SlotDate[]; slots: Slot[] } {
  const today = wallClock(now, timeZone);
  const dates: SlotDate[] = [];
  const slots: Slot[] = [];
  for (let i = 0; dates.length < APPOINTMENT_LIMITS.dates; i++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i));
    if (day.getUTCDay() === 0) continue;
    const date: SlotDate = {
      date: String(day.getUTCDate()),
      day: DAY_NAMES[day.getUTCDay()]!,
      iso_date: day.toISOString().slice(0, 10),
    };
    dates.push(date);
    const { firstSlotHour, endHour, slotMinutes } = APPOINTMENT_LIMITS;
    for (let minutes = firstSlotHour * 60; minutes < endHour * 60; minutes += slotMinutes) {
      const hour = Math.floor(minutes / 60);
      const wall = new Date(day.getTime() + minutes * MINUTE);
      slots.push({
        start: instantOf(wall, timeZone),
        date,
        group: groupOf(hour),
        label: timeLabel(hour, minutes % 60),
      });
    }
  }
  return { dates, slots };
}

/** Starts of the KAM's booked slots between two instants, leaving out one booking (a reschedule's own). */
export async function bookedStarts(
  db: Executor,
  kamId: string,
  from: Date,
  to: Date,
  except?: string,
): Promise<Set<number>> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.kamId, kamId),
        eq(appointments.status, 'booked'),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.startsAt.getTime()));
}

export interface Kam {
  id: string;
  location: string;
}

/** The KAM's slots as the forms show them: free ones start 2 hours from now or later. */
export async function kamTimeSlots(db: Executor, kam: Kam, now: Date, except?: string): Promise<TimeSlots> {
  const timeZone = timeZoneOf(kam.location);
  const grid = slotGrid(now, timeZone);
  const first = grid.slots[0]!.start;
  const end = new Date(grid.slots.at(-1)!.start.getTime() + APPOINTMENT_LIMITS.slotMinutes * MINUTE);
  const booked = await bookedStarts(db, kam.id, first, end, except);
  const earliest = now.getTime() + APPOINTMENT_LIMITS.leadHours * 60 * MINUTE;
  const slots: TimeSlots['slots'] = {};
  for (const slot of grid.slots) {
    slots[slot.date.date] ??= {};
    const byGroup = slots[slot.date.date]!;
    byGroup[slot.group] ??= {};
    byGroup[slot.group]![slot.label] = {
      datetimeString: zonedIso(slot.start, timeZone),
      isAvailable: slot.start.getTime() >= earliest && !booked.has(slot.start.getTime()),
    };
  }
  return { dates: grid.dates, slots };
}

export type SlotCheck = 'free' | 'not_a_slot' | 'too_soon' | 'taken';

/**
 * Whether an instant is the start of a free slot of the KAM's calendar now. A check before the
 * insert only words the common refusal; the unique index decides races.
 */
export async function checkSlot(
  db: Executor,
  kam: Kam,
  start: Date,
  now: Date,
  except?: string,
): Promise<SlotCheck> {
  const grid = slotGrid(now, timeZoneOf(kam.location));
  if (!grid.slots.some((slot) => slot.start.getTime() === start.getTime())) return 'not_a_slot';
  if (start.getTime() < now.getTime() + APPOINTMENT_LIMITS.leadHours * 60 * MINUTE) return 'too_soon';
  const end = new Date(start.getTime() + MINUTE);
  const booked = await bookedStarts(db, kam.id, start, end, except);
  return booked.size > 0 ? 'taken' : 'free';
}

/** "Thu 26 Nov 2026, 10:00 AM – 10:30 AM (Asia/Kolkata)": a slot as people read it. */
export function slotText(start: Date, location: string): string {
  const timeZone = timeZoneOf(location);
  const wall = wallClock(start, timeZone);
  const end = new Date(wall.getTime() + APPOINTMENT_LIMITS.slotMinutes * MINUTE);
  const day = `${DAY_NAMES[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTH_NAMES[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
  return `${day}, ${timeLabel(wall.getUTCHours(), wall.getUTCMinutes())} – ${timeLabel(end.getUTCHours(), end.getUTCMinutes())} (${timeZone})`;
}
