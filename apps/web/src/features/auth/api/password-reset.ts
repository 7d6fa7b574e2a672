import {
  type passwordResetChannel,
  resetPassword as resetPasswordRoute,
  sendPasswordResetOtp,
  verifyPasswordResetOtp,
} from '@loupe/contract/auth';
import type { BodyOf, ResponseOf } from '@loupe/contract/route';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export type ResetChannel = z.infer<typeof passwordResetChannel>;
export type ResetRecipient = BodyOf<typeof sendPasswordResetOtp>;

export function sendResetCode(
  channel: ResetChannel,
  recipient: ResetRecipient,
): Promise<ResponseOf<typeof sendPasswordResetOtp>> {
  return call(sendPasswordResetOtp, { params: { query: channel }, body: recipient });
}

/** Answers the token that allows setting the new password. */
export async function verifyResetCode(
  channel: ResetChannel,
  otp: string,
  resendToken: string,
): Promise<string> {
  const { token } = await call(verifyPasswordResetOtp, {
    params: { query: channel },
    body: { otp, resend_token: resendToken },
  });
  return token;
}

export async function resetPassword(body: BodyOf<typeof resetPasswordRoute>): Promise<void> {
  await call(resetPasswordRoute, { body });
}
