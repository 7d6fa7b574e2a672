const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "14 Mar 2026, 18:30" in the customer's time zone; the raw text if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** "14 Mar 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
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
