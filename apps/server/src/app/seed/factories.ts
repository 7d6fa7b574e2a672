import { randomUUID } from 'node:crypto';
import { insertCustomer, insertKam, type NewCustomer, type NewKam } from '../../areas/customers/index.ts';
import type { Executor } from '../../platform/db/client.ts';
import { hashPassword } from '../../platform/passwords.ts';

/** Factories shared by the demo seed and the tests; they write through the customers area. */

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

export type KamInput = Partial<NewKam>;

export async function createKam(db: Executor, input: KamInput = {}) {
  return insertKam(db, {
    name: 'Ishaan Kapoor',
    post: 'Key Account Manager',
    phone: '+91 22 4000 1234',
    email: `kam-${randomUUID().slice(0, 8)}@loupe.test`,
    location: 'IND',
    ...input,
  });
}

export type CustomerInput = Partial<Omit<NewCustomer, 'passwordHash'>> & {
  password?: string;
};

export async function createCustomer(db: Executor, input: CustomerInput = {}) {
  const { password = DEMO_PASSWORD, ...fields } = input;
  const unique = randomUUID().replaceAll('-', '').slice(0, 10);
  const customer = await insertCustomer(db, {
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
  });
  return { ...customer, password };
}
