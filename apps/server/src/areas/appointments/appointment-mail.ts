import type { Executor } from '../../platform/db/client.ts';
import type { Messenger, OutgoingMessage } from '../../platform/messaging/messenger.ts';
import type { AppointmentRow } from './appointment-rows.ts';
import type { BookerWithKam } from './booker.ts';
import { fullName } from './booker.ts';
import { invitationFile } from './calendar-invite.ts';
import { slotText } from './kam-calendar.ts';

/**
 * What the emails need. The KAM and the customer are told of every change by emails enqueued in
 * the change's own transaction (decision 013): they go out if and only if it commits, and a mail
 * server that is down is retried.
 */
export interface MailDeps {
  messenger: Messenger;
  /** The app's public address, for the link to My Appointments. */
  publicUrl: string;
}

export type AppointmentChange =
  | { kind: 'booked'; row: AppointmentRow }
  | { kind: 'rescheduled'; row: AppointmentRow; previousStart: Date }
  | { kind: 'canceled'; row: AppointmentRow };

async function sendAll(deps: MailDeps, tx: Executor, messages: OutgoingMessage[]) {
  for (const message of messages) await deps.messenger.send(message, tx);
}

function customerLine(booker: BookerWithKam): string {
  return `${fullName(booker)} of ${booker.companyName} (${booker.email}, ${booker.phone})`;
}

function stoneLines(row: AppointmentRow): string[] {
  if (row.stones.length === 0) return [];
  return [`Stones: ${row.stones.map((s) => `${s.lot_id}(${s.location})`).join(', ')}`];
}

function invitation(booker: BookerWithKam, row: AppointmentRow, method: 'REQUEST' | 'CANCEL', stamp: Date) {
  const call = row.kind === 'callback';
  return invitationFile({
    uid: `${row.id}@loupe`,
    sequence: row.revision,
    method,
    start: row.startsAt,
    summary: call
      ? `Call from ${booker.kam.name} (Loupe Diamonds)`
      : `Appointment with ${booker.kam.name} at Loupe Diamonds`,
    description: [
      call
        ? `${booker.kam.name}, your key account manager, will call you on ${booker.phone}.`
        : `Meeting with ${booker.kam.name}, your key account manager.`,
      ...stoneLines(row),
      ...(row.reason ? [`Comment: ${row.reason}`] : []),
    ].join('\n'),
    location: call ? 'Phone call' : row.address,
    organizer: { name: booker.kam.name, email: booker.kam.email },
    attendee: { name: fullName(booker), email: booker.email },
    stamp,
  });
}

/** The KAM hears of every booking, change and cancellation; the customer gets the invitation. */
export async function mailAppointmentChange(
  deps: MailDeps,
  tx: Executor,
  booker: BookerWithKam,
  change: AppointmentChange,
  now: Date,
) {
  const { row } = change;
  const when = slotText(row.startsAt, booker.kam.location);
  const who = `${fullName(booker)} (${booker.companyName})`;
  const details = [
    `When: ${when}`,
    `Where: ${row.address}`,
    ...stoneLines(row),
    ...(row.reason ? [`Comment: ${row.reason}`] : []),
  ];
  const link = `${deps.publicUrl}/v2/my-appointments`;
  let kamMail: OutgoingMessage;
  let customerMail: OutgoingMessage;
  if (change.kind === 'booked') {
    kamMail = {
      channel: 'email',
      to: booker.kam.email,
      subject: `Appointment booked: ${who}, ${when}`,
      body: [`${customerLine(booker)} booked an appointment with you.`, '', ...details].join('\n'),
    };
    customerMail = {
      channel: 'email',
      to: booker.email,
      subject: `Your appointment with ${booker.kam.name}: ${when}`,
      body: [
        `Dear ${booker.firstName},`,
        '',
        `Your appointment with ${booker.kam.name} is booked. The calendar invitation is attached.`,
        '',
        ...details,
        '',
        `Reschedule or cancel it under My Appointments: ${link}`,
      ].join('\n'),
      attachments: [invitation(booker, row, 'REQUEST', now)],
    };
  } else if (change.kind === 'rescheduled') {
    const before = slotText(change.previousStart, booker.kam.location);
    const moved = change.previousStart.getTime() !== row.startsAt.getTime();
    kamMail = {
      channel: 'email',
      to: booker.kam.email,
      subject: `Appointment ${moved ? 'rescheduled' : 'changed'}: ${who}, ${when}`,
      body: [
        moved
          ? `${customerLine(booker)} moved their appointment from ${before} to ${when}.`
          : `${customerLine(booker)} changed the details of their appointment.`,
        '',
        ...details,
      ].join('\n'),
    };
    customerMail = {
      channel: 'email',
      to: booker.email,
      subject: `Your appointment with ${booker.kam.name} is ${moved ? 'rescheduled' : 'updated'}: ${when}`,
      body: [
        `Dear ${booker.firstName},`,
        '',
        moved
          ? `Your appointment with ${booker.kam.name} has moved from ${before} to ${when}. The updated calendar invitation is attached.`
          : `Your appointment with ${booker.kam.name} is updated. The updated calendar invitation is attached.`,
        '',
        ...details,
        '',
        `My Appointments: ${link}`,
      ].join('\n'),
      attachments: [invitation(booker, row, 'REQUEST', now)],
    };
  } else {
    kamMail = {
      channel: 'email',
      to: booker.kam.email,
      subject: `Appointment cancelled: ${who}, ${when}`,
      body: [
        `${customerLine(booker)} cancelled their appointment. The slot is free again.`,
        '',
        ...details,
      ].join('\n'),
    };
    customerMail = {
      channel: 'email',
      to: booker.email,
      subject: `Your appointment with ${booker.kam.name} is cancelled: ${when}`,
      body: [
        `Dear ${booker.firstName},`,
        '',
        `Your appointment with ${booker.kam.name} on ${when} is cancelled. The attached file removes it from your calendar.`,
        '',
        `Book another one under My Appointments: ${link}`,
      ].join('\n'),
      attachments: [invitation(booker, row, 'CANCEL', now)],
    };
  }
  await sendAll(deps, tx, [kamMail, customerMail]);
}

/** A call now (no row) or a scheduled call: the KAM is told either way; a scheduled one invites. */
export async function mailCallback(
  deps: MailDeps,
  tx: Executor,
  booker: BookerWithKam,
  row: AppointmentRow | null,
  now: Date,
) {
  if (!row) {
    await sendAll(deps, tx, [
      {
        channel: 'email',
        to: booker.kam.email,
        subject: `Callback requested now: ${fullName(booker)} (${booker.companyName})`,
        body: `${customerLine(booker)} asks you to call them as soon as you can on ${booker.phone}.`,
      },
    ]);
    return;
  }
  const when = slotText(row.startsAt, booker.kam.location);
  await sendAll(deps, tx, [
    {
      channel: 'email',
      to: booker.kam.email,
      subject: `Callback scheduled: ${fullName(booker)} (${booker.companyName}), ${when}`,
      body: `${customerLine(booker)} asks you to call them on ${booker.phone} at ${when}.`,
    },
    {
      channel: 'email',
      to: booker.email,
      subject: `${booker.kam.name} will call you: ${when}`,
      body: [
        `Dear ${booker.firstName},`,
        '',
        `${booker.kam.name}, your key account manager, will call you on ${booker.phone} at ${when}. The calendar invitation is attached.`,
      ].join('\n'),
      attachments: [invitation(booker, row, 'REQUEST', now)],
    },
  ]);
}
