import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { kycApplications } from '../../platform/db/schema/index.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { findCustomerByEmail, setKycStatus } from '../customers/index.ts';
import { createNotice } from '../notices/index.ts';
import { customerKyc, documentsOf, findApplication, kycStateOf, reasonSentence } from './kyc-state.ts';

/** What the customer reads when the sales team decides on their KYC (notice and email). */
function decisionText(status: 'approved' | 'rejected', reason: string | undefined) {
  return status === 'approved'
    ? {
        title: 'KYC approved',
        message:
          'Your KYC is approved. You can now see prices, confirm stones, place bids and book appointments with your KAM.',
      }
    : {
        title: 'KYC not approved',
        message: reason
          ? `We could not approve your KYC: ${reasonSentence(reason)} Please restart your KYC and send it again.`
          : 'We could not approve your KYC with the documents on file. Please restart your KYC; your KAM will contact you about what is missing.',
      };
}

/**
 * `kyc approve|reject <email> [reason]`: the status changes, the banner goes, the reason is kept,
 * and the customer gets a notice (target my-account) and an email, in one transaction. Deciding
 * what is already decided changes nothing.
 */
export async function decideKyc(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  email: string,
  status: 'approved' | 'rejected',
  reason?: string,
) {
  const c = await findCustomerByEmail(db, email);
  const now = clock.now();
  const changed = await db.transaction(async (tx) => {
    const done = await setKycStatus(tx, c.id, { status, bannerKey: null }, now, { unlessStatus: status });
    if (!done) return false;
    await tx
      .update(kycApplications)
      .set({
        decidedAt: now,
        rejectionReason: status === 'rejected' ? (reason ?? null) : null,
        updatedAt: now,
      })
      .where(eq(kycApplications.customerId, c.id));
    const text = decisionText(status, reason);
    await createNotice(tx, clock, {
      customerId: c.id,
      kind: 'kyc_status',
      ...text,
      targetPage: 'my-account',
    });
    const who = await customerKyc(tx, c.id);
    await messenger.send(
      {
        channel: 'email',
        to: who.email,
        subject: text.title,
        body: `Dear ${who.firstName},\n\n${text.message}\n\nLoupe Diamonds`,
      },
      tx,
    );
    return true;
  });
  return { email: c.email, status, changed };
}

/** `kyc show <email>`: the KYC as the customer filled it in, with where each document is kept. */
export async function showKyc(db: Database, email: string) {
  const c = await findCustomerByEmail(db, email);
  const state = await kycStateOf(db, c.id);
  const app = await findApplication(db, c.id);
  const rows = app ? await documentsOf(db, c.id, app.country, app.mode) : [];
  return {
    ...state,
    email: c.email,
    documents: rows.map((d) => ({
      field_key: d.fieldKey,
      file_name: d.fileName,
      size: d.size,
      uploaded_at: d.uploadedAt.toISOString(),
      storage_key: d.storageKey,
    })),
  };
}
