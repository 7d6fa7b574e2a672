import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, oneTimeCodes } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { type Messenger, smsAddress } from '../../platform/messaging/messenger.ts';
import { hashToken } from '../../platform/tokens.ts';
import { markPhoneVerified, moveUnverifiedPhone } from '../customers/index.ts';
import { issueCode, verifyCode } from './one-time-codes.ts';

export async function findCustomerIdByPhone(db: Database, countryCode: string, phone: string) {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.countryCode, countryCode), eq(customers.phone, phone)))
    .limit(1);
  return found?.id ?? null;
}

export async function sendPhoneVerificationCode(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  input: { phone: string; country_code: string; resend_token?: string },
) {
  const ownerId = await findCustomerIdByPhone(db, input.country_code, input.phone);
  const customerId = (await moveUnverifiedNumber(db, clock, input, ownerId)) ?? ownerId;
  if (!customerId) throw new AppError('NOT_FOUND', 'No account uses this mobile number.');
  const destination = smsAddress(input.country_code, input.phone);
  const issued = await issueCode(db, clock, {
    purpose: 'phone_verification',
    channel: 'sms',
    destination,
    customerId,
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
  await markPhoneVerified(db, verified.customerId, clock.now());
}

/**
 * "Edit mobile number" on the code screen after registering: the resend token of the code sent to
 * the old number proves it is the same registration, so its still-unverified account moves to the
 * new number. A verified number never moves this way.
 */
async function moveUnverifiedNumber(
  db: Database,
  clock: Clock,
  input: { phone: string; country_code: string; resend_token?: string },
  ownerId: string | null,
): Promise<string | null> {
  if (!input.resend_token) return null;
  const [previous] = await db
    .select({ customerId: oneTimeCodes.customerId, isPhoneVerified: customers.isPhoneVerified })
    .from(oneTimeCodes)
    .innerJoin(customers, eq(customers.id, oneTimeCodes.customerId))
    .where(
      and(
        eq(oneTimeCodes.resendTokenHash, hashToken(input.resend_token)),
        eq(oneTimeCodes.purpose, 'phone_verification'),
      ),
    )
    .limit(1);
  if (!previous?.customerId || previous.isPhoneVerified || previous.customerId === ownerId) return null;
  if (ownerId) throw new AppError('DUPLICATE_MOBILE', undefined, { field: 'mobile' });
  await moveUnverifiedPhone(
    db,
    previous.customerId,
    { countryCode: input.country_code, phone: input.phone },
    clock.now(),
  );
  return previous.customerId;
}
