import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';

/** Factories shared by the demo seed and the tests. */

export const DEMO_PASSWORD = 'Loupe-demo-2026!';

const hashes = new Map<string, Promise<string>>();
/** argon2 is slow by design; seeding many customers with one password hashes it once. */
function cachedHash(password: string) {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

export type KamInput = Partial<typeof kams.$inferInsert>;

export async function createKam(db: Database, input: KamInput = {}) {
  const [kam] = await db
    .insert(kams)
    .values({
      name: 'Ishaan Kapoor',
      post: 'Key Account Manager',
      phone: '+91 22 4000 1234',
      email: `kam-${randomUUID().slice(0, 8)}@loupe.test`,
      location: 'IND',
      ...input,
    })
    .returning();
  return kam!;
}

export type CustomerInput = Partial<Omit<typeof customers.$inferInsert, 'passwordHash'>> & {
  password?: string;
};

export async function createCustomer(db: Database, input: CustomerInput = {}) {
  const { password = DEMO_PASSWORD, ...fields } = input;
  const unique = randomUUID().replaceAll('-', '').slice(0, 10);
  const [customer] = await db
    .insert(customers)
    .values({
      email: `buyer-${unique}@example.test`,
      countryCode: '91',
      phone: String(9_000_000_000 + (Number.parseInt(unique.slice(0, 8), 16) % 999_999_999)),
      firstName: 'Test',
      lastName: 'Buyer',
      companyName: 'Test Jewellers',
      countryIso2Code: 'IN',
      passwordHash: await cachedHash(password),
      isPhoneVerified: true,
      isEmailVerified: true,
      ...fields,
    })
    .returning();
  return { ...customer!, password };
}
