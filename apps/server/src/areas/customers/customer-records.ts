import { and, eq, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The writes of a customer's record that other areas ask for (auth verifies a phone or an email
 * and sets a password; KYC sets the KYC status), and the records the demo seed and the tests
 * start from. Registration and the customer's own edits are in register-customer.ts and
 * update-customer.ts.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type NewKam = typeof kams.$inferInsert;

/** A customer by email (any case), for the sales team's commands; 404 names the address. */
export async function findCustomerByEmail(db: Executor, email: string) {
  const [c] = await db
    .select({ id: customers.id, email: customers.email, kycStatus: customers.kycStatus })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (!c) throw new AppError('NOT_FOUND', `No customer with the email ${email}.`);
  return c;
}

export async function markPhoneVerified(db: Executor, customerId: string, now: Date) {
  await db
    .update(customers)
    .set({ isPhoneVerified: true, updatedAt: now })
    .where(eq(customers.id, customerId));
}

export async function markEmailVerified(db: Executor, customerId: string, now: Date) {
  await db
    .update(customers)
    .set({ isEmailVerified: true, updatedAt: now })
    .where(eq(customers.id, customerId));
}

export async function setPasswordHash(db: Executor, customerId: string, passwordHash: string, now: Date) {
  await db.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, customerId));
}

/**
 * Moves a registration whose phone is not verified yet to another number ("Edit mobile number").
 * A verified number never moves; a number someone else has is DUPLICATE_MOBILE.
 */
export async function moveUnverifiedPhone(
  db: Executor,
  customerId: string,
  phone: { countryCode: string; phone: string },
  now: Date,
) {
  try {
    await db
      .update(customers)
      .set({ countryCode: phone.countryCode, phone: phone.phone, updatedAt: now })
      .where(and(eq(customers.id, customerId), eq(customers.isPhoneVerified, false)));
  } catch {
    // The unique index on (country code, phone): someone registered that number meanwhile.
    throw new AppError('DUPLICATE_MOBILE', undefined, { field: 'mobile' });
  }
}

export type KycStatus = CustomerRow['kycStatus'];
export type KycBannerKey = CustomerRow['kycBannerKey'];

/**
 * KYC sets the status and banner key it decides (a step saved, a submission, a restart, the sales
 * team's decision). With `unlessStatus`, a customer already in that status is left alone and the
 * answer is false.
 */
export async function setKycStatus(
  db: Executor,
  customerId: string,
  state: { status: KycStatus; bannerKey: KycBannerKey },
  now: Date,
  options: { unlessStatus?: KycStatus } = {},
): Promise<boolean> {
  const changed = await db
    .update(customers)
    .set({ kycStatus: state.status, kycBannerKey: state.bannerKey, updatedAt: now })
    .where(
      options.unlessStatus
        ? and(eq(customers.id, customerId), ne(customers.kycStatus, options.unlessStatus))
        : eq(customers.id, customerId),
    )
    .returning({ id: customers.id });
  return changed.length > 0;
}

/** Shows or hides the trade-show entry (banner and export) to one customer. */
export async function setTradeShowEntry(db: Database, clock: Clock, email: string, on: boolean) {
  const c = await findCustomerByEmail(db, email);
  await db
    .update(customers)
    .set({ tradeShowBanner: on, updatedAt: clock.now() })
    .where(eq(customers.id, c.id));
  return { email: c.email, on };
}

/** A customer record as given (the demo accounts, test customers); the password comes hashed. */
export async function insertCustomer(db: Executor, values: NewCustomer): Promise<CustomerRow> {
  const [customer] = await db.insert(customers).values(values).returning();
  return customer!;
}

/** A key account manager (the demo's desks, tests). */
export async function insertKam(db: Executor, values: NewKam) {
  const [kam] = await db.insert(kams).values(values).returning();
  return kam!;
}

export type MainTourStatus = CustomerRow['mainTourStatus'];
export type StoredFeatureViews = NonNullable<CustomerRow['featureViews']>;

/** The tour's state as kept on the customer: null feature views until a mini tour is completed. */
export async function findTourState(db: Executor, customerId: string) {
  const [row] = await db
    .select({ mainTourStatus: customers.mainTourStatus, featureViews: customers.featureViews })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found.');
  return row;
}

/** The tour area sets the main tour status (start, finish, ignore, reset). */
export async function setMainTourStatus(db: Executor, customerId: string, status: MainTourStatus, now: Date) {
  await db
    .update(customers)
    .set({ mainTourStatus: status, updatedAt: now })
    .where(eq(customers.id, customerId));
}

/**
 * Sets some feature views of one module, merged into what is kept in one statement, so two tabs
 * completing two mini tours at once both count. `base` fills a customer who has none yet.
 */
export async function mergeFeatureViews(
  db: Executor,
  customerId: string,
  module: keyof StoredFeatureViews,
  views: Record<string, boolean>,
  base: StoredFeatureViews,
  now: Date,
) {
  await db
    .update(customers)
    .set({
      featureViews: sql`jsonb_set(
        coalesce(${customers.featureViews}, ${JSON.stringify(base)}::jsonb),
        ${`{${module}}`}::text[],
        coalesce(coalesce(${customers.featureViews}, ${JSON.stringify(base)}::jsonb) -> ${module}, '{}'::jsonb)
          || ${JSON.stringify(views)}::jsonb
      )`,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));
}
