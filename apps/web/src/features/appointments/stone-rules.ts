import type { AppointmentStone } from '@loupe/contract/appointments';
import type { Stone } from '@loupe/contract/stones';

/** Stones on Hold or Memo cannot be booked for an appointment (domain-facts §7). */
export function stonesBlockingAppointment(stones: readonly Stone[]): Stone[] {
  return stones.filter((stone) => stone.diamond_status === 'Hold' || stone.diamond_status === 'Memo');
}

export function appointmentStonesOf(stones: readonly Stone[]): AppointmentStone[] {
  return stones.map((stone) => ({ lot_id: stone.lot_id, location: stone.location }));
}

/** "LD1 and LD2 are on Hold or Memo …": why Book Appointment refuses the selection. */
export function blockedText(blocked: readonly Stone[]): string {
  const lots = blocked.map((stone) => stone.lot_id).join(', ');
  return `${lots} ${blocked.length === 1 ? 'is' : 'are'} on Hold or Memo and cannot be booked for an appointment. Remove ${blocked.length === 1 ? 'it' : 'them'} from your selection.`;
}
