import type { Appointment, AppointmentStone } from '@loupe/contract/appointments';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { type appointments, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { GRADED_COLUMNS, standingOf } from '../stones/index.ts';
import { timeZoneOf, zonedIso } from './kam-calendar.ts';

export type AppointmentRow = typeof appointments.$inferSelect;

/** Booked and still to come: the customer may reschedule or cancel it. */
export function isUpcoming(row: Pick<AppointmentRow, 'status' | 'startsAt'>, now: Date): boolean {
  return row.status === 'booked' && row.startsAt.getTime() > now.getTime();
}

/** An appointment as the API answers it, its time in the KAM's zone (where the store is). */
export function toAppointment(row: AppointmentRow, kamLocation: string, now: Date): Appointment {
  return {
    id: row.id,
    address: row.address,
    appointment_at: zonedIso(row.startsAt, timeZoneOf(kamLocation)),
    appointment_type: 'in_person',
    reason: row.reason,
    status: row.status === 'canceled' ? 'canceled' : isUpcoming(row, now) ? 'scheduled' : 'completed',
    stones: row.stones,
    customer_id: row.customerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function locationOf(rank: number): string {
  return GRADED_COLUMNS.location.list[rank - 1]?.value ?? 'IND';
}

/**
 * The stones an appointment names, with their locations, as the customer typed them. Stones on
 * Hold or Memo (anyone's) and lots that are not in stock are refused (domain-facts §7).
 */
export async function bookableStones(
  db: Executor,
  customerId: string,
  lots: readonly string[],
  now: Date,
): Promise<AppointmentStone[]> {
  const unique = [...new Map(lots.map((lot) => [lot.toLowerCase(), lot])).values()];
  if (unique.length === 0) return [];
  const found = await db
    .select({
      lotId: stones.lotId,
      location: stones.location,
      status: stones.status,
      reservedFor: stones.reservedFor,
      reservedUntil: stones.reservedUntil,
    })
    .from(stones)
    .where(
      inArray(
        sql`lower(${stones.lotId})`,
        unique.map((lot) => lot.toLowerCase()),
      ),
    );
  const byLot = new Map(found.map((row) => [row.lotId.toLowerCase(), row]));
  const refused: { lot_id: string; reason: 'hold' | 'memo' | 'not_found' }[] = [];
  const named: AppointmentStone[] = [];
  for (const lot of unique) {
    const row = byLot.get(lot.toLowerCase());
    if (!row) {
      refused.push({ lot_id: lot, reason: 'not_found' });
      continue;
    }
    const { tab } = standingOf(row, customerId, now);
    if (tab === 'hold' || tab === 'memo') refused.push({ lot_id: row.lotId, reason: tab });
    else named.push({ lot_id: row.lotId, location: locationOf(row.location) });
  }
  if (refused.length > 0) throw notBookable(refused);
  return named;
}

function notBookable(refused: { lot_id: string; reason: 'hold' | 'memo' | 'not_found' }[]): AppError {
  const reserved = refused.filter((r) => r.reason !== 'not_found').map((r) => r.lot_id);
  const missing = refused.filter((r) => r.reason === 'not_found').map((r) => r.lot_id);
  const sentences: string[] = [];
  if (reserved.length > 0) {
    sentences.push(
      `${reserved.join(', ')} ${reserved.length === 1 ? 'is' : 'are'} on Hold or Memo and cannot be booked for an appointment.`,
    );
  }
  if (missing.length > 0) {
    sentences.push(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in our stock.`);
  }
  return new AppError(
    'STONE_NOT_BOOKABLE',
    `${sentences.join(' ')} Remove ${refused.length === 1 ? 'it' : 'them'} and try again.`,
    {
      stones: refused,
    },
  );
}

/** PostgreSQL's unique violation of appointments_kam_slot_key, wherever the driver wrapped it. */
export function isSlotConflict(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'appointments_kam_slot_key' ||
        (typeof message === 'string' && message.includes('appointments_kam_slot_key')))
    ) {
      return true;
    }
  }
  return false;
}
