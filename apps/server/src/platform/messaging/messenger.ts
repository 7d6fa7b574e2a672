import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { defineJob, enqueueJobs, type JobDefinition } from '../jobs/index.ts';
import type { Log } from '../log.ts';
import {
  createSmsGatewayTransport,
  createSmtpTransport,
  type OutgoingMessage,
  type Transport,
} from './transports.ts';

export type { OutgoingMessage };

/**
 * Sends email and SMS through pluggable transports; outside production every message is kept in
 * the dev outbox. An SMS (a code the customer waits for) goes at once. An email becomes a job
 * (`messaging.send-email`), enqueued on the executor given, the caller's transaction when there is
 * one: it goes out if and only if that commits, and a mail server that is down is retried with
 * backoff instead of losing the message.
 */
export interface Messenger {
  send(message: OutgoingMessage, db?: Executor): Promise<void>;
  /**
   * Several emails queued on the executor given (the notices of one claim), as `send` queues one:
   * their dev outbox copies in one insert and their jobs in another.
   */
  sendEmails(messages: readonly EmailMessage[], db: Executor): Promise<void>;
  /** The job that delivers the emails; the app's job runner runs it. */
  readonly emailJob: JobDefinition<EmailMessage>;
}

export type EmailMessage = Extract<OutgoingMessage, { channel: 'email' }>;

const emailMessage = z.object({
  channel: z.literal('email'),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
});

export function createMessenger(options: {
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_KEY'>;
  db: Database;
  log: Log;
  transports?: Transport[];
}): Messenger {
  const { config, db, log } = options;
  const transports =
    options.transports ??
    [
      config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : null,
      config.SMS_GATEWAY_URL
        ? createSmsGatewayTransport(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_KEY)
        : null,
    ].filter((t): t is Transport => t !== null);
  const keepInOutbox = config.NODE_ENV !== 'production';

  const emailJob = defineJob(
    'messaging.send-email',
    emailMessage,
    async (message) => {
      // A transport that throws fails the job, which is retried (decision 013).
      for (const transport of transports) await transport.deliver(message);
    },
    { maxAttempts: 8, backoffMs: 30_000 },
  );

  const outboxRow = (message: OutgoingMessage) => ({
    channel: message.channel,
    to: message.to,
    subject: message.channel === 'email' ? message.subject : null,
    body: message.body,
    attachments: message.channel === 'email' ? (message.attachments ?? null) : null,
  });

  /** The dev outbox's copies and the jobs, on the executor given (the caller's transaction). */
  async function queueEmails(messages: readonly EmailMessage[], into: Executor) {
    if (messages.length === 0) return;
    if (keepInOutbox) await into.insert(outboxMessages).values(messages.map(outboxRow));
    await enqueueJobs(into, emailJob, messages);
  }

  return {
    emailJob,
    sendEmails: queueEmails,
    async send(message, executor) {
      if (message.channel === 'email') {
        // In the caller's transaction, or in one of their own for an email that changes nothing
        // else (the contact form, a KYC callback).
        if (executor) await queueEmails([message], executor);
        else if (keepInOutbox) await db.transaction((tx) => queueEmails([message], tx));
        else await queueEmails([message], db);
        return;
      }
      if (keepInOutbox) await (executor ?? db).insert(outboxMessages).values(outboxRow(message));
      for (const transport of transports) {
        try {
          await transport.deliver(message);
        } catch (err) {
          // An SMS gateway outage must not fail the customer's request; the code can be resent.
          log.error({ err, channel: message.channel }, 'message delivery failed');
        }
      }
    },
  };
}

/** SMS destinations are written "+<country code><phone>". */
export function smsAddress(countryCode: string, phone: string): string {
  return `+${countryCode}${phone}`;
}
