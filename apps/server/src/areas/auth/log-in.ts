import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { createSession } from './sessions.ts';

export type LoginInput =
  | { email: string; password: string; device_name?: string }
  | { phone: string; country_code: string; password: string; device_name?: string };

// Verifying against a throwaway hash when the account is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

export async function logIn(
  db: Database,
  clock: Clock,
  input: LoginInput,
  meta: {
    ip?: string;
    userAgent?: string;
    idleDays: number;
    /**
     * Counts the attempt against the account (its id, or what was typed when there is none),
     * before the password is checked; throws when too many. Email and phone logins of one account
     * share the account's id.
     */
    limit?: (accountKey: string) => Promise<void>;
  },
) {
  const where =
    'email' in input
      ? sql`lower(${customers.email}) = ${input.email.toLowerCase()}`
      : and(eq(customers.countryCode, input.country_code), eq(customers.phone, input.phone));
  const [customer] = await db.select().from(customers).where(where).limit(1);
  await meta.limit?.(
    customer?.id ??
      ('email' in input ? `email:${input.email.toLowerCase()}` : `phone:${input.country_code}${input.phone}`),
  );
  if (!customer) {
    decoyHash ??= hashPassword('decoy-Password-1');
    await verifyPassword(await decoyHash, input.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(customer.passwordHash, input.password)))
    throw new AppError('INVALID_CREDENTIALS');
  if (!customer.isPhoneVerified) {
    throw new AppError('PHONE_NOT_VERIFIED', undefined, {
      phone: customer.phone,
      country_code: customer.countryCode,
    });
  }
  const token = await createSession(db, clock, {
    customerId: customer.id,
    deviceName: input.device_name ?? meta.userAgent?.slice(0, 200),
    ip: meta.ip,
    idleDays: meta.idleDays,
  });
  return { token, customerId: customer.id };
}
