/**
 * The orders' date filter (domain-facts §6): Last Week, Last Month, Last 3 Months or a custom
 * date, sent as `created_at[gte]`. Kept in the page's URL as `since=` so a reload keeps it.
 */

export const DATE_PRESETS = [
  { value: 'lastWeek', label: 'Last Week' },
  { value: 'lastMonth', label: 'Last Month' },
  { value: 'last3Months', label: 'Last 3 Months' },
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number]['value'];

export type DateFilter =
  | { kind: 'all' }
  | { kind: 'preset'; preset: DatePreset }
  /** A calendar day, `YYYY-MM-DD`: orders placed on that day or later. */
  | { kind: 'custom'; date: string };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight of a `YYYY-MM-DD` day; null when it is not a real day. */
function localDay(text: string): Date | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

export function parseDateFilter(param: string | null): DateFilter {
  if (!param) return { kind: 'all' };
  const preset = DATE_PRESETS.find((option) => option.value === param);
  if (preset) return { kind: 'preset', preset: preset.value };
  if (localDay(param)) return { kind: 'custom', date: param };
  return { kind: 'all' };
}

/** The `since=` value of a filter; null for no filter. */
export function dateFilterParam(filter: DateFilter): string | null {
  if (filter.kind === 'preset') return filter.preset;
  if (filter.kind === 'custom') return filter.date;
  return null;
}

/** `months` calendar months before `date`, on the same day or the month's last day. */
function monthsBefore(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date.getDate(), lastDay));
  return target;
}

/**
 * The `created_at[gte]` of a filter: the start (local midnight) of the first day it covers, so the
 * value, and with it the query, stays the same all day. Undefined for no filter.
 */
export function createdAtGte(filter: DateFilter, now: Date = new Date()): string | undefined {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let from: Date | null = null;
  if (filter.kind === 'custom') from = localDay(filter.date);
  else if (filter.kind === 'preset') {
    if (filter.preset === 'lastWeek')
      from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
    else from = monthsBefore(today, filter.preset === 'lastMonth' ? 1 : 3);
  }
  return from ? from.toISOString() : undefined;
}

/** "Last Week", "Since 03/14/2026" or "All dates": what the filter shows as chosen. */
export function dateFilterLabel(filter: DateFilter): string {
  if (filter.kind === 'preset') return DATE_PRESETS.find((p) => p.value === filter.preset)?.label ?? '';
  if (filter.kind === 'custom') {
    const [year, month, day] = filter.date.split('-');
    return `Since ${month}/${day}/${year}`;
  }
  return 'All dates';
}
