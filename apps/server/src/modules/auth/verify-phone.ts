import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type Messenger, smsAddress } from '../../lib/messaging.ts';
import { issueCode, verifyCode } from './one-time-codes.ts';

export async function sendPhoneVerificationCode(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  input: { phone: string; country_code: string; resend_token?: string },
) {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.countryCode, input.country_code), eq(customers.phone, input.phone)))
    .limit(1);
  if (!customer) throw new AppError('NOT_FOUND', 'No account uses this mobile number.');
  const destination = smsAddress(input.country_code, input.phone);
  const issued = await issueCode(db, clock, {
    purpose: 'phone_verification',
    channel: 'sms',
    destination,
    customerId: customer.id,
    resendToken: input.resend_token,
  });
  await messenger.send({
    channel: 'sms',
    to: destination,
    body: `${issued.code} is your Loupe verification code. It is valid for 10 minutes.`,
  });
  return issued;
}

export async function verifyPhone(db: Database, clock: Clock, resendToken: string, code: string) {
  const verified = await verifyCode(db, clock, { purpose: 'phone_verification', resendToken, code });
  await db
    .update(customers)
    .set({ isPhoneVerified: true, updatedAt: clock.now() })
    .where(eq(customers.id, verified.customerId));
}
