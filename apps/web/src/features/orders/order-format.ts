import { twoDigits } from '../../lib/format';

/**
 * How Your Orders writes dates (domain-facts §6): `MM/DD/YYYY | h:mm AM/PM` in the buyer's own
 * time zone, e.g. "03/14/2026 | 6:30 PM".
 */

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "03/14/2026"; the raw text if it is not a date. */
export function formatOrderDay(iso: string): string {
  const date = toDate(iso);
  if (!date) return iso;
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;
}

/** "03/14/2026 | 6:30 PM"; the raw text if it is not a date. */
export function formatOrderDateTime(iso: string): string {
  const date = toDate(iso);
  if (!date) return iso;
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  return `${formatOrderDay(iso)} | ${hour12}:${twoDigits(date.getMinutes())} ${meridiem}`;
}
