import { describe, expect, it } from 'vitest';
import { createdAtGte, dateFilterLabel, dateFilterParam, parseDateFilter } from './date-filter';

const localMidnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
const now = new Date(2026, 4, 20, 15, 42); // 20 May 2026, 3:42 PM local

describe('[ORDERS] the date filter becomes created_at[gte]', () => {
  it('Last Week starts at midnight seven days ago', () => {
    expect(createdAtGte({ kind: 'preset', preset: 'lastWeek' }, now)).toBe(localMidnight(2026, 5, 13));
  });

  it('Last Month and Last 3 Months go back calendar months', () => {
    expect(createdAtGte({ kind: 'preset', preset: 'lastMonth' }, now)).toBe(localMidnight(2026, 4, 20));
    expect(createdAtGte({ kind: 'preset', preset: 'last3Months' }, now)).toBe(localMidnight(2026, 2, 20));
  });

  it('a month back from the 31st lands on the shorter month’s last day', () => {
    const may31 = new Date(2026, 4, 31, 10, 0);
    expect(createdAtGte({ kind: 'preset', preset: 'lastMonth' }, may31)).toBe(localMidnight(2026, 4, 30));
    expect(createdAtGte({ kind: 'preset', preset: 'last3Months' }, may31)).toBe(localMidnight(2026, 2, 28));
  });

  it('a month back from January is December of the year before', () => {
    expect(createdAtGte({ kind: 'preset', preset: 'lastMonth' }, new Date(2026, 0, 15))).toBe(
      localMidnight(2025, 12, 15),
    );
  });

  it('a custom date sends the start of that day; no filter sends nothing', () => {
    expect(createdAtGte({ kind: 'custom', date: '2026-03-01' }, now)).toBe(localMidnight(2026, 3, 1));
    expect(createdAtGte({ kind: 'all' }, now)).toBeUndefined();
  });

  it('stays the same value all day, so the list is not fetched again every render', () => {
    const morning = new Date(2026, 4, 20, 0, 1);
    const evening = new Date(2026, 4, 20, 23, 59);
    expect(createdAtGte({ kind: 'preset', preset: 'lastWeek' }, morning)).toBe(
      createdAtGte({ kind: 'preset', preset: 'lastWeek' }, evening),
    );
  });
});

describe('[ORDERS] the date filter in the URL (since=)', () => {
  it('reads presets and real days, and ignores anything else', () => {
    expect(parseDateFilter('lastMonth')).toEqual({ kind: 'preset', preset: 'lastMonth' });
    expect(parseDateFilter('2026-02-28')).toEqual({ kind: 'custom', date: '2026-02-28' });
    expect(parseDateFilter('2026-02-30')).toEqual({ kind: 'all' });
    expect(parseDateFilter('yesterday')).toEqual({ kind: 'all' });
    expect(parseDateFilter(null)).toEqual({ kind: 'all' });
  });

  it('writes back what it reads', () => {
    for (const param of ['lastWeek', 'last3Months', '2026-01-09']) {
      expect(dateFilterParam(parseDateFilter(param))).toBe(param);
    }
    expect(dateFilterParam({ kind: 'all' })).toBeNull();
  });

  it('labels the chosen filter', () => {
    expect(dateFilterLabel({ kind: 'preset', preset: 'last3Months' })).toBe('Last 3 Months');
    expect(dateFilterLabel({ kind: 'custom', date: '2026-01-09' })).toBe('Since 01/09/2026');
    expect(dateFilterLabel({ kind: 'all' })).toBe('All dates');
  });
});
