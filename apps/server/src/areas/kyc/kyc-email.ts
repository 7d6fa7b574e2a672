import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { kycApplications } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { type IssuedCode, issueCode, verifyCode } from '../auth/index.ts';
import { assertEditable, customerKyc, findApplication, personalEmail } from './kyc-state.ts';

/**
 * The Personal Details email is proved by a 6-digit code (auth's one-time codes: 10 minutes,
 * single use, 5 tries, 60 s between sends), asked for after the first Personal Details save.
 */

async function sendCode(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  customerId: string,
  email: string,
  resendToken?: string,
) {
  const c = await customerKyc(db, customerId);
  const issued: IssuedCode = await issueCode(
    db,
    clock,
    { purpose: 'kyc_email', channel: 'email', destination: email, customerId, resendToken },
    (code, tx) =>
      messenger.send(
        {
          channel: 'email',
          to: email,
          subject: `${code.code} is your Loupe KYC verification code`,
          body: `Dear ${c.firstName},\n\nYour code to verify this email address for your Loupe KYC is ${code.code}. It is valid for 10 minutes.\n\nIf you did not ask for it, you can ignore this email.\n\nLoupe Diamonds`,
        },
        tx,
      ),
  );
  return { token: issued.resendToken, resend_after: issued.resendAfter.toISOString(), email };
}

async function savedEmail(db: Database, customerId: string) {
  const email = personalEmail(await findApplication(db, customerId));
  if (!email) throw new AppError('VALIDATION_FAILED', 'Save your Personal Details first.');
  return email;
}

/** `POST /store/customers/email/otp/send?event_type=KYC`: a code to the saved Personal Details email. */
export async function sendKycEmailCode(db: Database, clock: Clock, messenger: Messenger, customerId: string) {
  return sendCode(db, clock, messenger, customerId, await savedEmail(db, customerId));
}

/**
 * `POST /store/customers/email/otp/resend-or-edit`: a new code, to the same address, or to a
 * corrected one, which becomes the Personal Details email of both modes.
 */
export async function resendOrEditKycEmail(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  customerId: string,
  body: { token: string; email?: string },
) {
  if (body.email) {
    const email = body.email.toLowerCase();
    await db.transaction(async (tx) => {
      assertEditable((await customerKyc(tx, customerId)).status);
      const app = await findApplication(tx, customerId, true);
      const personal = app?.profileData[app.mode]['1'];
      if (!app || !personal) throw new AppError('VALIDATION_FAILED', 'Save your Personal Details first.');
      const profileData = structuredClone(app.profileData);
      profileData.online['1'] = { ...personal, email };
      profileData.offline['1'] = { ...personal, email };
      await tx
        .update(kycApplications)
        .set({ profileData, updatedAt: clock.now() })
        .where(eq(kycApplications.customerId, customerId));
    });
    return sendCode(db, clock, messenger, customerId, email, body.token);
  }
  return sendCode(db, clock, messenger, customerId, await savedEmail(db, customerId), body.token);
}

/** `POST /store/customers/email/otp/verify`: the code proves the address it went to. */
export async function verifyKycEmailCode(
  db: Database,
  clock: Clock,
  customerId: string,
  body: { token: string; otp: string },
) {
  const code = await verifyCode(db, clock, { purpose: 'kyc_email', resendToken: body.token, code: body.otp });
  const email = personalEmail(await findApplication(db, customerId));
  if (code.customerId !== customerId || code.destination !== email) {
    throw new AppError('OTP_INVALID', 'The code is not valid. Please ask for a new one.');
  }
  await db
    .update(kycApplications)
    .set({ verifiedEmail: email, updatedAt: clock.now() })
    .where(eq(kycApplications.customerId, customerId));
  return { is_email_verified: true as const };
}
