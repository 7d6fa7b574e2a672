import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, formatDate, formatDateTime, withThousands } from './format';

afterEach(() => vi.restoreAllMocks());

/** Days across every month and hour of a year, and a leap day, in the time zone the tests run in. */
function sampleDates(): Date[] {
  const dates: Date[] = [new Date(2028, 1, 29, 23, 59)];
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 9, 10, 28]) dates.push(new Date(2026, month, day, (month * 7 + day) % 24, day * 2));
  }
  return dates;
}

/** Whole numbers around every grouping edge, and a spread of counts. */
function sampleCounts(): number[] {
  const counts = [0, -0, 7, 999, 1000, -1000, 999_999, 1_000_000, 53_940, 2 ** 53, 1e20];
  let seed = 7;
  for (let i = 0; i < 200; i++) {
    seed = (seed * 48_271) % 2_147_483_647;
    counts.push(Math.trunc(((seed % 2_000_000_000) - 1_000_000_000) / 10 ** (seed % 9)));
  }
  return counts;
}

describe('dates and counts written by hand (decision 081)', () => {
  it('writes dates as the browser writes them in en-GB: "14 Mar 2026" and "14 Mar 2026, 18:30"', () => {
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (const sample of sampleDates()) {
      expect(formatDate(sample.toISOString())).toBe(date.format(sample));
      expect(formatDateTime(sample.toISOString())).toBe(dateTime.format(sample));
    }
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });

  it('writes counts as the browser writes them in en-US: "53,940"', () => {
    for (const count of sampleCounts()) expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    expect(formatCount(12.5)).toBe('12.5');
    expect(withThousands('1234567.80')).toBe('1,234,567.80');
    expect(withThousands('999')).toBe('999');
  });

  it('makes no Intl formatter for the first screens: the browser loads its locale data for the first one', () => {
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    formatDate('2026-03-14T18:30:00Z');
    formatDateTime('2026-03-14T18:30:00Z');
    formatCount(53_940);
    expect(dateFormat).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
});
