import type { KycState } from '@loupe/contract/kyc';
import {
  KYC_COUNTRY_LABELS,
  type KycCountry,
  type KycMode,
  kycMissing,
  kycStepSchema,
} from '@loupe/contract/kyc-fields';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { type KycProfileData, kycApplications } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { setKycStatus } from '../customers/index.ts';
import {
  assertEditable,
  customerKyc,
  documentsOf,
  emptyProfile,
  findApplication,
  isEmailVerified,
  kycStateOf,
  modeOf,
} from './kyc-state.ts';

/** A refusal naming fields, as the form shows it: `details: [{path: field, message}]`. */
export function fieldErrors(details: { path: string; message: string }[]): AppError {
  const first = details[0];
  return new AppError('VALIDATION_FAILED', first ? `${first.path}: ${first.message}` : undefined, details);
}

function assertModeAllowed(country: KycCountry, mode: KycMode) {
  if (country === 'other' && mode === 'online') {
    throw fieldErrors([{ path: 'offline', message: 'Other countries submit the KYC offline.' }]);
  }
}

/**
 * The application in use for this country and mode, created on first use. A change of country
 * keeps only the Personal Details (the other steps' fields differ by country); a change of mode
 * keeps everything. The status becomes in progress, with the mode's banner.
 */
export async function applicationFor(
  tx: Tx,
  clock: Clock,
  customerId: string,
  country: KycCountry,
  mode: KycMode,
) {
  assertModeAllowed(country, mode);
  const c = await customerKyc(tx, customerId);
  assertEditable(c.status);
  const now = clock.now();
  const app = await findApplication(tx, customerId, true);
  let profileData: KycProfileData = app ? structuredClone(app.profileData) : emptyProfile();
  if (app && app.country !== country) {
    const personal = app.profileData[app.mode]['1'];
    profileData = personal ? { online: { 1: personal }, offline: { 1: personal } } : emptyProfile();
  }
  const [row] = await tx
    .insert(kycApplications)
    .values({ customerId, country, mode, profileData, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: kycApplications.customerId,
      set: { country, mode, profileData, updatedAt: now },
    })
    .returning();
  await setKycStatus(tx, customerId, { status: 'inprogress', bannerKey: `${mode}-under-inprogress` }, now);
  return row!;
}

/**
 * `PUT /store/kyc/step/{n}`: checks the step's fields with the country's schema (every bad field
 * named, nothing saved) and saves them; the other steps stay as they were. Personal Details are
 * shared by both modes.
 */
export async function saveKycStep(
  db: Database,
  clock: Clock,
  customerId: string,
  n: number,
  body: { country: KycCountry; offline: boolean; data: Record<string, unknown> },
): Promise<KycState> {
  const mode = modeOf(body.offline);
  assertModeAllowed(body.country, mode);
  const schema = kycStepSchema(body.country, mode, n);
  if (!schema) {
    throw fieldErrors([
      { path: 'n', message: `The ${mode} KYC of ${KYC_COUNTRY_LABELS[body.country]} has no step ${n}.` },
    ]);
  }
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) {
    throw fieldErrors(
      parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'data', message: i.message })),
    );
  }
  const values = parsed.data as Record<string, unknown>;
  await db.transaction(async (tx) => {
    const app = await applicationFor(tx, clock, customerId, body.country, mode);
    const profileData = structuredClone(app.profileData);
    if (n === 1) {
      profileData.online['1'] = values;
      profileData.offline['1'] = values;
    } else {
      profileData[mode][String(n)] = values;
    }
    await tx
      .update(kycApplications)
      .set({ profileData, updatedAt: clock.now() })
      .where(eq(kycApplications.customerId, customerId));
  });
  return kycStateOf(db, customerId);
}

/**
 * `POST /store/kyc/submit`: with every required step, document and the email check done, the KYC
 * goes to review (`pending`, banner `{mode}-under-review`); else 400 KYC_INCOMPLETE listing what
 * is missing.
 */
export async function submitKyc(
  db: Database,
  clock: Clock,
  customerId: string,
  body: { country: KycCountry; offline: boolean },
): Promise<KycState> {
  const mode = modeOf(body.offline);
  assertModeAllowed(body.country, mode);
  await db.transaction(async (tx) => {
    const c = await customerKyc(tx, customerId);
    assertEditable(c.status);
    const app = await findApplication(tx, customerId, true);
    const docs = app ? await documentsOf(tx, customerId, body.country, mode) : [];
    const missing = kycMissing(
      body.country,
      mode,
      app ? { country: app.country, mode: app.mode, ...app.profileData } : undefined,
      docs.map((d) => d.fieldKey),
      isEmailVerified(app),
    );
    if (missing.length > 0 || !app) {
      throw new AppError(
        'KYC_INCOMPLETE',
        `Please complete your KYC first: ${missing.length} item${missing.length === 1 ? '' : 's'} missing.`,
        { missing },
      );
    }
    const now = clock.now();
    await tx
      .update(kycApplications)
      .set({ submittedAt: now, decidedAt: null, rejectionReason: null, updatedAt: now })
      .where(eq(kycApplications.customerId, customerId));
    await setKycStatus(tx, customerId, { status: 'pending', bannerKey: `${mode}-under-review` }, now);
  });
  return kycStateOf(db, customerId);
}

/** `PUT /store/kyc/restart`: a rejected KYC is filled in again; the saved data is kept. */
export async function restartKyc(db: Database, clock: Clock, customerId: string): Promise<KycState> {
  await db.transaction(async (tx) => {
    const c = await customerKyc(tx, customerId);
    if (c.status === 'pending') throw new AppError('CONFLICT', 'Your KYC is under review.');
    if (c.status === 'approved') throw new AppError('CONFLICT', 'Your KYC is already approved.');
    const app = await findApplication(tx, customerId, true);
    const now = clock.now();
    if (app) {
      await tx
        .update(kycApplications)
        .set({ submittedAt: null, updatedAt: now })
        .where(eq(kycApplications.customerId, customerId));
    }
    await setKycStatus(
      tx,
      customerId,
      { status: 'inprogress', bannerKey: app ? `${app.mode}-under-inprogress` : null },
      now,
    );
  });
  return kycStateOf(db, customerId);
}
