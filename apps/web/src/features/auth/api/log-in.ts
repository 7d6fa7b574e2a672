import { login } from '@loupe/contract/auth';
import type { BodyOf, ResponseOf } from '@loupe/contract/route';
import { call } from '../../../lib/api-client';
import { describeDevice } from '../../../lib/device';

export type Credentials =
  | { email: string; password: string }
  | { phone: string; country_code: string; password: string };

export function logIn(credentials: Credentials): Promise<ResponseOf<typeof login>> {
  const body: BodyOf<typeof login> = { ...credentials, device_name: describeDevice() };
  return call(login, { body });
}

/** What a 403 PHONE_NOT_VERIFIED answer may tell about the number to verify. */
export function phoneFromErrorDetails(details: unknown): { phone: string; country_code: string } | null {
  if (!details || typeof details !== 'object') return null;
  const { phone, country_code } = details as Record<string, unknown>;
  if (typeof phone === 'string' && phone && typeof country_code === 'string' && country_code) {
    return { phone, country_code };
  }
  return null;
}
