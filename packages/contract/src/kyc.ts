import { z } from 'zod';
import { kycBannerKey, kycStatus } from './customers.ts';
import { email, otpCode } from './fields.ts';
import { KYC_DOCUMENT_MAX_BYTES, KYC_DOCUMENT_TYPES, kycCountry, kycMode } from './kyc-fields.ts';
import { route } from './route.ts';

/** Where the buyer started KYC from (tracked). */
const entryPoint = z.object({ entry_point: z.string().trim().max(60).optional() });

/** `offline` travels as a boolean in JSON bodies, as "true"/"false" in the upload's fields. */
const offlineFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const kycDocumentInfo = z.object({
  field_key: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
});

export type KycDocumentInfo = z.infer<typeof kycDocumentInfo>;

/** A step's saved values, by field. */
const stepData = z.record(z.string(), z.unknown());

export const kycState = z
  .object({
    kyc: z.object({
      status: kycStatus,
      banner_key: kycBannerKey.nullable(),
      /** Why the sales team rejected it (null unless rejected). */
      rejection_reason: z.string().nullable(),
      submitted_at: z.string().nullable(),
    }),
    profile_data: z.object({
      country: kycCountry.nullable(),
      mode: kycMode.nullable(),
      /** Saved online steps by number ("1" … "5"). */
      online: z.record(z.string(), stepData),
      /** Saved offline steps by number ("1", "2"). */
      offline: z.record(z.string(), stepData),
    }),
    /** The documents of the chosen country and mode. */
    documents: z.array(kycDocumentInfo),
    /** The Personal Details email is verified by code. */
    is_email_verified: z.boolean(),
  })
  .meta({ id: 'KycState' });

export type KycState = z.infer<typeof kycState>;

export const getKyc = route({
  method: 'GET',
  path: '/store/kyc',
  summary: "The customer's KYC: status, the saved steps, the documents, the email check",
  tag: 'kyc',
  auth: true,
  status: 200,
  response: kycState,
});

export const saveKycStep = route({
  method: 'PUT',
  path: '/store/kyc/step/:n',
  summary:
    'Save one step of the KYC form (400 VALIDATION_FAILED naming each field; the other steps stay saved)',
  tag: 'kyc',
  auth: true,
  params: z.object({ n: z.coerce.number().int().min(1).max(5) }),
  query: entryPoint,
  body: z.object({ country: kycCountry, offline: z.boolean(), data: stepData }),
  status: 200,
  response: kycState,
});

export const uploadKycDocument = route({
  method: 'POST',
  path: '/store/kyc/document-upload',
  summary:
    'Upload one KYC document (multipart: country, offline, field_key, then file); PDF, DOC, DOCX, JPG or PNG by content, within its size',
  tag: 'kyc',
  auth: true,
  upload: {
    field: 'file',
    maxBytes: KYC_DOCUMENT_MAX_BYTES,
    types: KYC_DOCUMENT_TYPES,
    fields: z.object({
      country: kycCountry,
      offline: offlineFlag,
      field_key: z.string().trim().min(1).max(60),
    }),
  },
  status: 200,
  response: z.object({ field_key: z.string(), file_name: z.string(), size: z.number().int() }),
});

export const removeKycDocument = route({
  method: 'DELETE',
  path: '/store/kyc/document-remove',
  summary: 'Remove one uploaded KYC document',
  tag: 'kyc',
  auth: true,
  body: z.object({ country: kycCountry, offline: z.boolean(), field_key: z.string().trim().min(1).max(60) }),
  status: 204,
});

export const getKycDocument = route({
  method: 'GET',
  path: '/store/kyc/documents/:field_key',
  summary: 'One of my uploaded KYC documents, as it was uploaded (only its owner reads it)',
  tag: 'kyc',
  auth: true,
  params: z.object({ field_key: z.string().trim().min(1).max(60) }),
  status: 200,
});

export const downloadKycForm = route({
  method: 'GET',
  path: '/store/kyc/:country/download',
  summary: "The country's offline KYC form as a PDF, to print, sign and upload",
  tag: 'kyc',
  auth: true,
  params: z.object({ country: kycCountry }),
  status: 200,
});

export const submitKyc = route({
  method: 'POST',
  path: '/store/kyc/submit',
  summary:
    'Submit the KYC for review (400 KYC_INCOMPLETE with details.missing: the steps, documents and email_verification still due)',
  tag: 'kyc',
  auth: true,
  body: z.object({
    country: kycCountry,
    offline: z.boolean(),
    terms_accepted: z.literal(true, { error: 'Accept the terms and conditions' }),
  }),
  status: 200,
  response: kycState,
});

export const restartKyc = route({
  method: 'PUT',
  path: '/store/kyc/restart',
  summary: 'Start the KYC again after a rejection; the saved data is kept',
  tag: 'kyc',
  auth: true,
  status: 200,
  response: kycState,
});

export const kycEntityTypes = route({
  method: 'GET',
  path: '/public/data/kyc-entity-types',
  summary: 'The organisation types of the KYC company step',
  tag: 'kyc',
  auth: false,
  status: 200,
  response: z.object({ entity_types: z.array(z.object({ value: z.string(), label: z.string() })) }),
});

const codeSent = z.object({
  /** Sent back with the code, or to ask for a new one. */
  token: z.string(),
  /** A new code can be asked for from this moment on (60 s). */
  resend_after: z.string(),
  /** Where the code went. */
  email: z.string(),
});

export const sendKycEmailOtp = route({
  method: 'POST',
  path: '/store/customers/email/otp/send',
  summary: 'Email a 6-digit code to the Personal Details address of the KYC',
  tag: 'kyc',
  auth: true,
  query: z.object({ event_type: z.literal('KYC'), entry_point: z.string().trim().max(60).optional() }),
  status: 200,
  response: codeSent,
});

export const verifyKycEmailOtp = route({
  method: 'POST',
  path: '/store/customers/email/otp/verify',
  summary: 'Verify the emailed KYC code',
  tag: 'kyc',
  auth: true,
  body: z.object({ token: z.string().min(1).max(200), otp: otpCode }),
  status: 200,
  response: z.object({ is_email_verified: z.literal(true) }),
});

export const resendOrEditKycEmailOtp = route({
  method: 'POST',
  path: '/store/customers/email/otp/resend-or-edit',
  summary: 'A new code, to the same address or to a corrected one (which becomes the Personal Details email)',
  tag: 'kyc',
  auth: true,
  body: z.object({ token: z.string().min(1).max(200), email: email.optional() }),
  status: 200,
  response: codeSent,
});

export const requestKycCallback = route({
  method: 'POST',
  path: '/store/customers/me/request-callback-kyc',
  summary: 'Ask the KAM to call about KYC (the KAM is told by email)',
  tag: 'kyc',
  auth: true,
  status: 200,
  response: z.object({ requested: z.literal(true) }),
});

/** A customer the sales team names by email (any case). */
const operatorCustomerParams = z.object({ email: z.string().trim().min(3).max(254) });

/** `npm run admin -- kyc approve|reject <email> [reason]`: the decision, a notice and an email. */
export const decideKyc = route({
  method: 'POST',
  path: '/operator/customers/:email/kyc',
  summary:
    "Approve or reject a customer's KYC (with the reason); the review banner goes and the customer is told by notice and email (operator)",
  tag: 'operator',
  auth: 'operator',
  params: operatorCustomerParams,
  body: z.object({
    status: z.enum(['approved', 'rejected']),
    reason: z.string().trim().min(1).max(500).optional(),
  }),
  status: 200,
  response: z.object({
    email: z.string(),
    status: z.enum(['approved', 'rejected']),
    /** false when the KYC already had this status: nothing changed, no notice. */
    changed: z.boolean(),
  }),
});

/** `npm run admin -- kyc show <email>`: what the customer filled in and uploaded. */
export const showKyc = route({
  method: 'GET',
  path: '/operator/customers/:email/kyc',
  summary: "A customer's KYC as filled in: status, steps, documents and their storage keys (operator)",
  tag: 'operator',
  auth: 'operator',
  params: operatorCustomerParams,
  status: 200,
  response: kycState.extend({
    email: z.string(),
    documents: z.array(kycDocumentInfo.extend({ storage_key: z.string() })),
  }),
});
