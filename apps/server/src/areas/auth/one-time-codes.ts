import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { oneTimeCodes } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { codeDigest, hashToken, newOtpCode, newToken } from '../../platform/tokens.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_RESEND_AFTER_MS = 60_000;
export const OTP_MAX_ATTEMPTS = 5;

type Purpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
type Channel = (typeof oneTimeCodes.$inferSelect)['channel'];

export interface IssuedCode {
  code: string;
  resendToken: string;
  expiresAt: Date;
  resendAfter: Date;
}

/**
 * Issues a new 6-digit code. With a resend token the same handle gets a fresh code; either way a
 * new code is refused within 60 s of the last one to the same destination, and older codes die.
 */
export async function issueCode(
  db: Database,
  clock: Clock,
  input: {
    purpose: Purpose;
    channel: Channel;
    destination: string;
    customerId: string | null;
    resendToken?: string;
  },
  /**
   * Sends the code on the transaction that issues it (an email is a job of that transaction: it
   * goes if and only if the code is kept).
   */
  deliver?: (issued: IssuedCode, tx: Tx) => Promise<void>,
): Promise<IssuedCode> {
  const now = clock.now();
  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const resendAfter = new Date(now.getTime() + OTP_RESEND_AFTER_MS);

  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ resendAfter: oneTimeCodes.resendAfter })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.destination, input.destination), eq(oneTimeCodes.purpose, input.purpose)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1)
      .for('update');
    if (latest && latest.resendAfter > now) throw new AppError('OTP_RESEND_TOO_SOON');

    // A resend keeps the handle the client already holds; a mismatched handle just starts afresh.
    let resendToken = newToken();
    if (input.resendToken) {
      const [previous] = await tx
        .select({ id: oneTimeCodes.id, destination: oneTimeCodes.destination })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.resendTokenHash, hashToken(input.resendToken)),
            eq(oneTimeCodes.purpose, input.purpose),
          ),
        );
      if (previous && previous.destination === input.destination) {
        await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, previous.id));
        resendToken = input.resendToken;
      }
    }
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.destination, input.destination),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      purpose: input.purpose,
      channel: input.channel,
      destination: input.destination,
      customerId: input.customerId,
      codeHash: codeDigest(resendToken, code),
      resendTokenHash: hashToken(resendToken),
      createdAt: now,
      expiresAt,
      resendAfter,
    });
    const issued = { code, resendToken, expiresAt, resendAfter };
    await deliver?.(issued, tx);
    return issued;
  });
}

function sameHash(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Checks a code: single use, 10 minutes, burnt after 5 wrong tries. Answers the code's row on success. */
export async function verifyCode(
  db: Database,
  clock: Clock,
  input: { purpose: Purpose; resendToken: string; code: string },
) {
  const now = clock.now();
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.resendTokenHash, hashToken(input.resendToken)),
        eq(oneTimeCodes.purpose, input.purpose),
      ),
    )
    .limit(1);
  if (!row || row.consumedAt)
    throw new AppError('OTP_INVALID', 'The code is not valid. Please ask for a new one.');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  if (row.expiresAt <= now) throw new AppError('OTP_EXPIRED');

  if (!sameHash(row.codeHash, codeDigest(input.resendToken, input.code)) || !row.customerId) {
    // Count the miss atomically so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, row.id), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ attempts: oneTimeCodes.attempts });
    if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    throw new AppError(
      'OTP_INVALID',
      `The code is not correct. ${OTP_MAX_ATTEMPTS - counted.attempts} tries left.`,
    );
  }

  const [consumed] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!consumed) throw new AppError('OTP_INVALID', 'The code is not valid. Please ask for a new one.');
  return { ...consumed, customerId: consumed.customerId as string };
}
