import { sendSmsOtp, verifySmsOtp } from '@loupe/contract/auth';
import type { ResponseOf } from '@loupe/contract/route';
import { call } from '../../../lib/api-client';

export type CodeSent = ResponseOf<typeof sendSmsOtp>;

export interface PhoneNumber {
  phone: string;
  country_code: string;
}

export function sendSmsCode(
  number: PhoneNumber,
  entryPoint: string,
  resendToken?: string,
): Promise<CodeSent> {
  return call(sendSmsOtp, {
    query: { entry_point: entryPoint },
    body: { ...number, ...(resendToken ? { resend_token: resendToken } : {}) },
  });
}

/** The resend token travels as the bearer (spec §7). */
export async function verifySmsCode(otp: string, resendToken: string): Promise<void> {
  await call(verifySmsOtp, { body: { otp }, bearer: resendToken });
}
