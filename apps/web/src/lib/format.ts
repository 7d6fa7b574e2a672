/**
 * Dates and counts as the portal writes them, by hand rather than through `Intl`: the first `Intl`
 * formatter a page makes loads the browser's locale data, 40-90 ms of the main thread on a slow
 * machine before the first screen is drawn (decision 081). The output is what `Intl` gives for
 * these formats (en-GB dates, en-US counts): the tests compare the two.
 */

/** en-GB's short month names ("Sept", as the browser's locale data has it). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 7 → "07": hours, minutes, days and months as dates write them. */
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "14 Mar 2026" in the customer's time zone. */
function dateText(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "14 Mar 2026, 18:30" in the customer's time zone; the raw text if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${dateText(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** "14 Mar 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateText(date);
}

/** A number's plain digits ("1234567.80", no sign) with commas between the thousands: "1,234,567.80". */
export function withThousands(digits: string): string {
  const point = digits.indexOf('.');
  const whole = point === -1 ? digits : digits.slice(0, point);
  let text = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let i = text.length; i < whole.length; i += 3) text += `,${whole.slice(i, i + 3)}`;
  return point === -1 ? text : text + digits.slice(point);
}

/** A count with thousands separators, "12,345", as en-US writes it. */
export function formatCount(count: number): string {
  // Whole numbers below 10^21 are written in plain digits; anything else as the browser writes it.
  if (!Number.isInteger(count) || Math.abs(count) >= 1e21) return count.toLocaleString('en-US');
  return `${count < 0 || Object.is(count, -0) ? '-' : ''}${withThousands(String(Math.abs(count)))}`;
}

export function fullName(first: string, last: string): string {
  return [first, last]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** "Anita Shah" → "AS"; a single word gives its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** WhatsApp's click-to-chat address takes the full number in digits only. */
export function whatsappUrl(phone: string): string {
  return `https://wa.me/${digitsOnly(phone)}`;
}

export function telUrl(phone: string): string {
  const digits = digitsOnly(phone);
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** "+91 98200 12345" from a country code and a national number. */
export function formatPhone(countryCode: string, phone: string): string {
  const code = countryCode.replace(/^\+/, '');
  return code ? `+${code} ${phone}` : phone;
}

export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
