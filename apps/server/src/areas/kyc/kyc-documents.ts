import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type KycCountry, type KycMode, kycDocumentsOf } from '@loupe/contract/kyc-fields';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { kycDocuments } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/http/upload.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { applicationFor, fieldErrors } from './kyc-application.ts';
import { assertEditable, customerKyc, findApplication, modeOf } from './kyc-state.ts';

/** One checked file (type judged by content), still arriving, with the upload's fields. */
export type KycUpload = Upload<{ country: KycCountry; offline: boolean; field_key: string }>;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The name shown back: no path, no control characters, at most 200 characters. */
function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'document').slice(0, 200);
}

/** A document of the country's form in this mode, by its field key; 400 naming `field_key` otherwise. */
function documentOf(country: KycCountry, mode: KycMode, fieldKey: string) {
  const doc = kycDocumentsOf(country, mode).find((d) => d.field_key === fieldKey);
  if (!doc)
    throw fieldErrors([{ path: 'field_key', message: `${fieldKey} is not a document of this KYC form.` }]);
  return doc;
}

/**
 * `POST /store/kyc/document-upload`: the file of one document of the country and mode, within its
 * own size (domain-facts §8), replaces any earlier one. The file is written to storage before its
 * row; the row's change commits or the new file is removed, and the replaced file goes after the
 * commit, so no row points at a missing file and no upload leaves a file behind.
 */
export async function uploadKycDocument(
  db: Database,
  clock: Clock,
  storage: Storage,
  customerId: string,
  upload: KycUpload,
) {
  const { country, offline, field_key } = upload.fields;
  const mode = modeOf(offline);
  const doc = documentOf(country, mode, field_key);
  assertEditable((await customerKyc(db, customerId)).status);

  const ext = EXTENSIONS[upload.type] ?? 'bin';
  const storageKey = `${kycFolderOf(customerId)}${country}-${mode}-${field_key}-${randomUUID()}.${ext}`;
  // Streamed into storage: the document's own limit stops it there, and nothing of it stays.
  const tooLarge = `The ${doc.label} may be at most ${doc.maxBytes / 1_000_000} MB.`;
  await storage.putStream(storageKey, upload.stream({ maxBytes: doc.maxBytes, message: tooLarge }), {
    contentType: upload.type,
  });
  const fileName = cleanFileName(upload.fileName);
  let replaced: string | undefined;
  try {
    replaced = await db.transaction(async (tx) => {
      await applicationFor(tx, clock, customerId, country, mode);
      const [before] = await tx
        .select({ storageKey: kycDocuments.storageKey })
        .from(kycDocuments)
        .where(
          and(
            eq(kycDocuments.customerId, customerId),
            eq(kycDocuments.country, country),
            eq(kycDocuments.mode, mode),
            eq(kycDocuments.fieldKey, field_key),
          ),
        )
        .for('update');
      const values = {
        fileName,
        contentType: upload.type,
        size: upload.size,
        storageKey,
        uploadedAt: clock.now(),
      };
      await tx
        .insert(kycDocuments)
        .values({ customerId, country, mode, fieldKey: field_key, ...values })
        .onConflictDoUpdate({
          target: [kycDocuments.customerId, kycDocuments.country, kycDocuments.mode, kycDocuments.fieldKey],
          set: values,
        });
      return before?.storageKey;
    });
  } catch (err) {
    await storage.delete(storageKey);
    throw err;
  }
  if (replaced) await storage.delete(replaced);
  return { field_key, file_name: fileName, size: upload.size };
}

/** Where a customer's KYC documents are kept: every key of theirs starts with it. */
function kycFolderOf(customerId: string) {
  return `kyc/${customerId}/`;
}

/**
 * Removes every KYC document file of a customer whose record is going (the end-to-end tests'
 * cleanup): the rows go with the customer's row, the files do not, so they go here.
 */
export async function removeKycFiles(storage: Storage, customerId: string) {
  await storage.deleteAll(kycFolderOf(customerId));
}

/**
 * `DELETE /store/kyc/document-remove`: the row goes, then its file. Removing a document of the form
 * that was not uploaded is no error; a field key the form does not have is refused as the upload
 * refuses it.
 */
export async function removeKycDocument(
  db: Database,
  storage: Storage,
  customerId: string,
  body: { country: KycCountry; offline: boolean; field_key: string },
) {
  documentOf(body.country, modeOf(body.offline), body.field_key);
  const removed = await db.transaction(async (tx) => {
    assertEditable((await customerKyc(tx, customerId)).status);
    return tx
      .delete(kycDocuments)
      .where(
        and(
          eq(kycDocuments.customerId, customerId),
          eq(kycDocuments.country, body.country),
          eq(kycDocuments.mode, modeOf(body.offline)),
          eq(kycDocuments.fieldKey, body.field_key),
        ),
      )
      .returning({ storageKey: kycDocuments.storageKey });
  });
  for (const r of removed) await storage.delete(r.storageKey);
}

/** One of the customer's own documents of the form in use (404 otherwise). */
export async function readKycDocument(
  db: Database,
  storage: Storage,
  customerId: string,
  fieldKey: string,
): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
  const app = await findApplication(db, customerId);
  const [row] = app
    ? await db
        .select()
        .from(kycDocuments)
        .where(
          and(
            eq(kycDocuments.customerId, customerId),
            eq(kycDocuments.country, app.country),
            eq(kycDocuments.mode, app.mode),
            eq(kycDocuments.fieldKey, fieldKey),
          ),
        )
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'No such document.');
  return {
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    stream: await storage.getStream(row.storageKey),
  };
}
