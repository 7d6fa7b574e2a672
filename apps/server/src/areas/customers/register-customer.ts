import type { registerBody } from '@loupe/contract/customers';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { isReferralCode } from '../portal/index.ts';

/** The KAM desk that looks after a new customer, by the country they registered from. */
const deskByCountry: Record<string, string> = { IN: 'IND', BE: 'BEL', US: 'USA', AE: 'DUB', IL: 'ISR' };

/**
 * Emails a new customer the link that proves their address, in the transaction that creates them
 * (the email is a job of that transaction: no customer without their link, no link for a
 * registration that failed). Auth issues and checks the link; the app hands its sender in, so
 * customers do not reach into auth.
 */
export type EmailVerification = (
  customer: { id: string; email: string; firstName: string },
  tx: Tx,
) => Promise<void>;

export async function registerCustomer(
  db: Database,
  clock: Clock,
  sendEmailVerification: EmailVerification,
  input: z.output<typeof registerBody>,
) {
  if (input.referral_code && !isReferralCode(input.referral_code)) {
    throw new AppError('VALIDATION_FAILED', 'Pick a sales person from the list.', [
      { path: 'referral_code', message: 'Pick a sales person from the list' },
    ]);
  }
  await assertUnique(db, input.email, input.country_code, input.phone);
  const passwordHash = await hashPassword(input.password);
  const kamId = await pickKam(db, deskByCountry[input.country_iso2_code] ?? 'DUB');

  try {
    return await db.transaction(async (tx) => {
      const [created] = (await tx
        .insert(customers)
        .values({
          email: input.email,
          countryCode: input.country_code,
          phone: input.phone,
          firstName: input.first_name,
          lastName: input.last_name,
          companyName: input.company_name,
          countryIso2Code: input.country_iso2_code,
          referralCode: input.referral_code ?? null,
          passwordHash,
          kamId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning()) as [typeof customers.$inferSelect];
      await sendEmailVerification(created, tx);
      return created;
    });
  } catch (err) {
    // Two registrations racing past the check: the unique index decides, and the loser hears why.
    await assertUnique(db, input.email, input.country_code, input.phone);
    throw err;
  }
}

async function assertUnique(db: Database, email: string, countryCode: string, phone: string) {
  const [byEmail] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (byEmail) throw new AppError('DUPLICATE_EMAIL', undefined, { field: 'email' });
  const [byPhone] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.countryCode} = ${countryCode} and ${customers.phone} = ${phone}`)
    .limit(1);
  if (byPhone) throw new AppError('DUPLICATE_MOBILE', undefined, { field: 'mobile' });
}

async function pickKam(db: Database, location: string): Promise<string | null> {
  const [atDesk] = await db.select({ id: kams.id }).from(kams).where(eq(kams.location, location)).limit(1);
  if (atDesk) return atDesk.id;
  const [any] = await db.select({ id: kams.id }).from(kams).limit(1);
  return any?.id ?? null;
}
