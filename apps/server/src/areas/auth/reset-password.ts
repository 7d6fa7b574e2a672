import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, oneTimeCodes } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { type Messenger, smsAddress } from '../../platform/messaging/messenger.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { SessionSockets } from '../../platform/realtime/server.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { setPasswordHash } from '../customers/index.ts';
import { issueCode, verifyCode } from './one-time-codes.ts';
import { endOtherSessions } from './sessions.ts';

/** After the code is verified, the reset itself must follow within this time. */
const RESET_WINDOW_MS = 15 * 60_000;

export async function sendPasswordResetCode(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  input: { channel: 'sms' | 'email' } & ({ email: string } | { phone: string; country_code: string }),
) {
  let customer: typeof customers.$inferSelect | undefined;
  let typed: string;
  if (input.channel === 'email') {
    if (!('email' in input)) throw new AppError('VALIDATION_FAILED', 'Enter your email address.');
    typed = input.email.toLowerCase();
    [customer] = await db.select().from(customers).where(sql`lower(${customers.email}) = ${typed}`).limit(1);
  } else {
    if (!('phone' in input)) throw new AppError('VALIDATION_FAILED', 'Enter your mobile number.');
    typed = smsAddress(input.country_code, input.phone);
    [customer] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.countryCode, input.country_code), eq(customers.phone, input.phone)))
      .limit(1);
  }
  // The answer is the same whether or not an account uses the address (no account enumeration):
  // for none, a code is recorded for what was typed but sent nowhere, and no code ever fits it.
  const destination = !customer
    ? typed
    : input.channel === 'email'
      ? customer.email
      : smsAddress(customer.countryCode, customer.phone);
  const text = (code: string) =>
    `Your Loupe password reset code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`;
  // An email goes with the code's transaction; an SMS (sent at once, decision 013) after it.
  const issued = await issueCode(
    db,
    clock,
    { purpose: 'password_reset', channel: input.channel, destination, customerId: customer?.id ?? null },
    customer && input.channel === 'email'
      ? (code, tx) =>
          messenger.send(
            {
              channel: 'email',
              to: destination,
              subject: 'Your Loupe password reset code',
              body: text(code.code),
            },
            tx,
          )
      : undefined,
  );
  if (customer && input.channel === 'sms') {
    await messenger.send({ channel: 'sms', to: destination, body: text(issued.code) });
  }
  return issued;
}

export async function verifyPasswordResetCode(db: Database, clock: Clock, resendToken: string, code: string) {
  const verified = await verifyCode(db, clock, { purpose: 'password_reset', resendToken, code });
  const token = newToken();
  await db
    .update(oneTimeCodes)
    .set({ resetTokenHash: hashToken(token) })
    .where(eq(oneTimeCodes.id, verified.id));
  return token;
}

/** Sets the new password once; it must differ from the old one, and every session ends (410). */
export async function resetPassword(
  db: Database,
  clock: Clock,
  sockets: SessionSockets,
  token: string,
  newPassword: string,
) {
  const now = clock.now();
  const [code] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.resetTokenHash, hashToken(token)),
        isNotNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.consumedAt, new Date(now.getTime() - RESET_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (!code?.customerId)
    throw new AppError('OTP_EXPIRED', 'This reset has expired. Please ask for a new code.');
  const [customer] = await db.select().from(customers).where(eq(customers.id, code.customerId));
  if (!customer) throw new AppError('OTP_EXPIRED', 'This reset has expired. Please ask for a new code.');
  if (await verifyPassword(customer.passwordHash, newPassword)) throw new AppError('PASSWORD_REUSED');
  const passwordHash = await hashPassword(newPassword);

  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oneTimeCodes)
      .set({ resetTokenHash: null })
      .where(and(eq(oneTimeCodes.id, code.id), eq(oneTimeCodes.resetTokenHash, hashToken(token))))
      .returning({ id: oneTimeCodes.id });
    if (!spent) throw new AppError('OTP_EXPIRED', 'This reset has expired. Please ask for a new code.');
    await setPasswordHash(tx, customer.id, passwordHash, now);
    await endOtherSessions(tx, clock, customer.id, 'password_reset');
  });
  sockets.closeCustomerSockets(customer.id);
}
