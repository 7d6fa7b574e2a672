import type { KycState } from '@loupe/contract/kyc';
import type { KycCountry, KycMode } from '@loupe/contract/kyc-fields';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  customers,
  type KycProfileData,
  kycApplications,
  kycDocuments,
} from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export type KycApplication = typeof kycApplications.$inferSelect;
export type KycDocumentRow = typeof kycDocuments.$inferSelect;

export const modeOf = (offline: boolean): KycMode => (offline ? 'offline' : 'online');

export const emptyProfile = (): KycProfileData => ({ online: {}, offline: {} });

/**
 * The sales team's rejection reason as the customer reads it, a sentence: kept as typed, and
 * ended with a full stop wherever it is shown (the screen, the notice, the email) unless it ends
 * with its own punctuation, possibly inside a closing quote or bracket.
 */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  return /[.!?…]["'”’)\]]*$/u.test(text) ? text : `${text}.`;
}

/** The customer's KYC status and banner key, kept on the customer. */
export async function customerKyc(db: Executor, customerId: string) {
  const [c] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      status: customers.kycStatus,
      bannerKey: customers.kycBannerKey,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!c) throw new AppError('NOT_FOUND', 'Customer not found.');
  return c;
}

export async function findApplication(db: Executor, customerId: string, lock = false) {
  const q = db.select().from(kycApplications).where(eq(kycApplications.customerId, customerId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function documentsOf(db: Executor, customerId: string, country: KycCountry, mode: KycMode) {
  return db
    .select()
    .from(kycDocuments)
    .where(
      and(
        eq(kycDocuments.customerId, customerId),
        eq(kycDocuments.country, country),
        eq(kycDocuments.mode, mode),
      ),
    )
    .orderBy(kycDocuments.uploadedAt);
}

/** The Personal Details email of the application (the same in both modes). */
export function personalEmail(app: Pick<KycApplication, 'profileData' | 'mode'> | undefined): string | null {
  const email = app?.profileData[app.mode]['1']?.email;
  return typeof email === 'string' ? email.toLowerCase() : null;
}

export function isEmailVerified(app: KycApplication | undefined): boolean {
  const email = personalEmail(app);
  return email !== null && app?.verifiedEmail === email;
}

/** `GET /store/kyc`: the status, the saved steps, the documents of the chosen country and mode. */
export async function kycStateOf(db: Executor, customerId: string): Promise<KycState> {
  const c = await customerKyc(db, customerId);
  const app = await findApplication(db, customerId);
  const docs = app ? await documentsOf(db, customerId, app.country, app.mode) : [];
  return {
    kyc: {
      status: c.status,
      banner_key: c.bannerKey ?? null,
      rejection_reason:
        c.status === 'rejected' && app?.rejectionReason ? reasonSentence(app.rejectionReason) : null,
      submitted_at: app?.submittedAt?.toISOString() ?? null,
    },
    profile_data: {
      country: app?.country ?? null,
      mode: app?.mode ?? null,
      online: app?.profileData.online ?? {},
      offline: app?.profileData.offline ?? {},
    },
    documents: docs.map((d) => ({
      field_key: d.fieldKey,
      file_name: d.fileName,
      size: d.size,
      uploaded_at: d.uploadedAt.toISOString(),
    })),
    is_email_verified: isEmailVerified(app),
  };
}

/** Changes are made while the KYC is being filled in; under review or approved it is fixed. */
export function assertEditable(status: string) {
  if (status === 'pending')
    throw new AppError('CONFLICT', 'Your KYC is under review and cannot be changed now.');
  if (status === 'approved') throw new AppError('CONFLICT', 'Your KYC is already approved.');
  if (status === 'rejected')
    throw new AppError('CONFLICT', 'Your KYC was not approved: restart it to change it.');
}
