import type { TimeSlots } from '@loupe/contract/appointments';

/** Two dates of a KAM's calendar in Mumbai: Thursday's 10:30 is booked. */
export function testSlots(): TimeSlots {
  const at = (day: string, time: string, isAvailable = true) => ({
    datetimeString: `2026-12-0${day}T${time}:00+05:30`,
    isAvailable,
  });
  return {
    dates: [
      { date: '3', day: 'Thu', iso_date: '2026-12-03' },
      { date: '4', day: 'Fri', iso_date: '2026-12-04' },
    ],
    slots: {
      '3': {
        Morning: { '10:00 AM': at('3', '10:00'), '10:30 AM': at('3', '10:30', false) },
        Afternoon: { '12:00 PM': at('3', '12:00') },
        Evening: { '5:30 PM': at('3', '17:30') },
      },
      '4': { Morning: { '10:00 AM': at('4', '10:00') } },
    },
  };
}
