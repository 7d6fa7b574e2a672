import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { oneTimeCodes } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { markEmailVerified } from '../customers/index.ts';

const EMAIL_LINK_TTL_MS = 24 * 3_600_000;

/**
 * Emails a link that proves the address; the link token is stored only as a hash. On the caller's
 * transaction when given: the link and its email exist if and only if that commits.
 */
export async function sendEmailVerification(
  db: Executor,
  clock: Clock,
  messenger: Messenger,
  publicUrl: string,
  customer: { id: string; email: string; firstName: string },
) {
  const token = newToken();
  const now = clock.now();
  await db.insert(oneTimeCodes).values({
    purpose: 'email_verification',
    channel: 'email',
    destination: customer.email,
    customerId: customer.id,
    codeHash: hashToken(token),
    resendTokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    resendAfter: now,
  });
  const link = `${publicUrl}/v2/login?verify_email=${encodeURIComponent(token)}`;
  await messenger.send(
    {
      channel: 'email',
      to: customer.email,
      subject: 'Verify your email address for Loupe',
      body: `Dear ${customer.firstName},\n\nWelcome to Loupe. Please confirm your email address by opening this link within 24 hours:\n\n${link}\n\nLoupe Diamonds`,
    },
    db,
  );
}

export async function verifyEmail(db: Database, clock: Clock, token: string) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [code] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.resendTokenHash, hashToken(token)),
          eq(oneTimeCodes.purpose, 'email_verification'),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!code?.customerId)
      throw new AppError('OTP_INVALID', 'This verification link is not valid or has expired.');
    await markEmailVerified(tx, code.customerId, now);
  });
}
