import type { MessageAttachment } from '../db/schema/index.ts';

/** An email or an SMS, as every transport takes it. */
export type OutgoingMessage =
  | { channel: 'email'; to: string; subject: string; body: string; attachments?: MessageAttachment[] }
  | { channel: 'sms'; to: string; body: string };

/** Delivers the messages of its channel (email or SMS) and passes over the others. */
export interface Transport {
  deliver(message: OutgoingMessage): Promise<void>;
}

export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  // nodemailer is loaded with the first email, not at start (decision 025).
  let mailer: Promise<import('nodemailer').Transporter> | undefined;
  return {
    async deliver(m) {
      if (m.channel !== 'email') return;
      mailer ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await mailer).sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.body,
        attachments: m.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
  };
}

export function createSmsGatewayTransport(url: string, key: string | undefined): Transport {
  return {
    async deliver(m) {
      if (m.channel !== 'sms') return;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ to: m.to, message: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
