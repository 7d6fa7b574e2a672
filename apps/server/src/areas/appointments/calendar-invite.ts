import { APPOINTMENT_LIMITS } from '@loupe/contract/appointments';
import type { MessageAttachment } from '../../platform/db/schema/index.ts';

/**
 * The calendar invitation (RFC 5545) sent with the customer's email: a new or moved appointment
 * is a REQUEST (the same UID and a higher SEQUENCE replace the earlier one), a cancellation a
 * CANCEL. Times are in UTC, so every calendar shows them in its owner's zone.
 */
export interface Invitation {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp: Date;
}

function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Commas, semicolons, backslashes and line breaks escaped as TEXT values need. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function invitationFile(invite: Invitation): MessageAttachment {
  const end = new Date(invite.start.getTime() + APPOINTMENT_LIMITS.slotMinutes * 60_000);
  const cancel = invite.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Loupe Diamonds//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utc(invite.stamp)}`,
    `DTSTART:${utc(invite.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(invite.summary)}`,
    `DESCRIPTION:${text(invite.description)}`,
    `LOCATION:${text(invite.location)}`,
    `ORGANIZER;CN=${text(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${text(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${invite.attendee.email}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(cancel
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Reminder', 'TRIGGER:-PT1H', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return {
    filename: cancel ? 'cancelled.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
    content: `${lines.map(fold).join('\r\n')}\r\n`,
  };
}
