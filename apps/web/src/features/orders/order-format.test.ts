import { describe, expect, it } from 'vitest';
import { formatOrderDateTime, formatOrderDay } from './order-format';

// Built from local parts: the screen shows the buyer's own time zone.
const at = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe('[ORDERS] order dates read MM/DD/YYYY | h:mm AM/PM', () => {
  it('writes afternoon times on a 12-hour clock with PM', () => {
    expect(formatOrderDateTime(at(2026, 3, 14, 18, 30))).toBe('03/14/2026 | 6:30 PM');
  });

  it('writes midnight as 12 AM and noon as 12 PM, minutes always two digits', () => {
    expect(formatOrderDateTime(at(2026, 1, 2, 0, 5))).toBe('01/02/2026 | 12:05 AM');
    expect(formatOrderDateTime(at(2026, 12, 31, 12, 0))).toBe('12/31/2026 | 12:00 PM');
    expect(formatOrderDateTime(at(2026, 7, 9, 9, 7))).toBe('07/09/2026 | 9:07 AM');
  });

  it('writes the day alone for due dates, and leaves text that is not a date as it is', () => {
    expect(formatOrderDay(at(2026, 5, 4, 23, 59))).toBe('05/04/2026');
    expect(formatOrderDateTime('soon')).toBe('soon');
  });
});
