import type { TimeSlots } from '@loupe/contract/appointments';
import { describe, expect, it } from 'vitest';
import {
  canSchedule,
  chooseDate,
  chooseSlot,
  findSlot,
  firstOpenDate,
  NO_CHOICE,
  slotGroupsOf,
} from './slot-rules';

const slot = (time: string, isAvailable = true) => ({
  datetimeString: `2026-12-03T${time}:00+05:30`,
  isAvailable,
});

const timeSlots: TimeSlots = {
  dates: [
    { date: '2', day: 'Wed', iso_date: '2026-12-02' },
    { date: '3', day: 'Thu', iso_date: '2026-12-03' },
  ],
  slots: {
    '2': { Evening: { '5:30 PM': { datetimeString: '2026-12-02T17:30:00+05:30', isAvailable: false } } },
    '3': {
      Morning: { '10:00 AM': slot('10:00'), '10:30 AM': slot('10:30', false) },
      Afternoon: { '12:00 PM': slot('12:00') },
      Evening: { '5:30 PM': slot('17:30') },
    },
  },
};

describe('picking a callback or appointment slot (spec §5)', () => {
  it('needs a date and a slot before Schedule Now', () => {
    expect(canSchedule(NO_CHOICE)).toBe(false);
    const dated = chooseDate(NO_CHOICE, '3');
    expect(canSchedule(dated)).toBe(false);
    expect(canSchedule(chooseSlot(dated, slot('10:00')))).toBe(true);
  });

  it('refuses slots that are not available', () => {
    const dated = chooseDate(NO_CHOICE, '3');
    expect(chooseSlot(dated, slot('10:30', false))).toBe(dated);
  });

  it('clears the slot when another date is picked, keeps it when the same date is', () => {
    const chosen = chooseSlot(chooseDate(NO_CHOICE, '3'), slot('10:00'));
    expect(chooseDate(chosen, '3')).toBe(chosen);
    expect(chooseDate(chosen, '2')).toEqual({ date: '2', slot: null });
  });

  it('deselects the chosen slot when it is clicked again', () => {
    const chosen = chooseSlot(chooseDate(NO_CHOICE, '3'), slot('10:00'));
    expect(chooseSlot(chosen, slot('10:00'))).toEqual({ date: '3', slot: null });
  });

  it('groups a date’s slots Morning, Afternoon, Evening and finds the first open date', () => {
    expect(slotGroupsOf(timeSlots, '3').map((g) => [g.group, g.slots.map((s) => s.label)])).toEqual([
      ['Morning', ['10:00 AM', '10:30 AM']],
      ['Afternoon', ['12:00 PM']],
      ['Evening', ['5:30 PM']],
    ]);
    expect(slotGroupsOf(timeSlots, null)).toEqual([]);
    expect(firstOpenDate(timeSlots)).toBe('3');
    expect(findSlot(timeSlots, '2026-12-03T12:00:00+05:30')).toEqual({ date: '3', label: '12:00 PM' });
    expect(findSlot(timeSlots, '2026-12-04T12:00:00+05:30')).toBeNull();
  });
});
