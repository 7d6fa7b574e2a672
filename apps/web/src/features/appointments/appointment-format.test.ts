import type { Appointment } from '@loupe/contract/appointments';
import { stonesComment } from '@loupe/contract/appointments';
import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { appointmentDate, appointmentWhen, timeSlotText, upcomingSummary } from './appointment-format';
import { appointmentStonesOf, blockedText, stonesBlockingAppointment } from './stone-rules';

describe('appointment times, as the store’s clock says them', () => {
  it('reads the wall-clock time as written, whatever the browser’s zone', () => {
    expect(appointmentDate('2026-12-03T10:00:00+05:30')).toBe('Thu, 3 Dec 2026');
    expect(timeSlotText('2026-12-03T10:00:00+05:30')).toBe('10:00 AM - 10:30 AM');
    expect(timeSlotText('2026-12-03T11:30:00-05:00')).toBe('11:30 AM - 12:00 PM');
    expect(timeSlotText('2026-12-03T17:30:00+01:00')).toBe('5:30 PM - 6:00 PM');
  });

  it('sums up the upcoming appointments for the dashboard', () => {
    const next = { appointment_at: '2026-12-03T10:00:00+05:30' } as Appointment;
    expect(upcomingSummary([next, next])).toEqual({ count: 2, next: appointmentWhen(next.appointment_at) });
    expect(upcomingSummary([])).toEqual({ count: 0, next: null });
  });
});

describe('booking from stones', () => {
  it('prefills "I want to know more about <lot(loc), …>" within 256 characters', () => {
    const stones = appointmentStonesOf([
      buildStone({ lot_id: 'LD1', location: 'BEL' }),
      buildStone({ lot_id: 'LD2', location: 'IND' }),
    ]);
    expect(stonesComment(stones)).toBe('I want to know more about LD1(BEL), LD2(IND)');
    const many = Array.from({ length: 40 }, (_, i) => ({ lot_id: `LD10000${i}`, location: 'BEL' }));
    const long = stonesComment(many);
    expect(long.length).toBeLessThanOrEqual(256);
    expect(long.startsWith('I want to know more about LD100000(BEL), ')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it('refuses Hold and Memo stones', () => {
    const held = buildStone({ lot_id: 'LDH', diamond_status: 'Hold' });
    const memo = buildStone({ lot_id: 'LDM', diamond_status: 'Memo' });
    const free = buildStone({ lot_id: 'LDF' });
    expect(stonesBlockingAppointment([held, memo, free])).toEqual([held, memo]);
    expect(blockedText([held])).toBe(
      'LDH is on Hold or Memo and cannot be booked for an appointment. Remove it from your selection.',
    );
  });
});
