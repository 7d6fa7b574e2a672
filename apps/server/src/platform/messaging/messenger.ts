import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import type { Log } from '../log.ts';
import {
  createSmsGatewayTransport,
  createSmtpTransport,
  type OutgoingMessage,
  type Transport,
} from './transports.ts';

export type { OutgoingMessage };

/** Sends email and SMS through pluggable transports; outside production every message is kept in the dev outbox. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

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

  return {
    async send(message) {
      if (keepInOutbox) {
        await db.insert(outboxMessages).values({
          channel: message.channel,
          to: message.to,
          subject: message.channel === 'email' ? message.subject : null,
          body: message.body,
          attachments: message.channel === 'email' ? (message.attachments ?? null) : null,
        });
      }
      for (const transport of transports) {
        try {
          await transport.deliver(message);
        } catch (err) {
          // A gateway outage must not fail the customer's request; the code can be resent.
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
