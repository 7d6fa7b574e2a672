import { z } from 'zod';
import { countryCode, email, phone } from './fields.ts';

/**
 * KYC: the countries, modes, steps, fields and documents of domain-facts §8, as zod schemas the
 * server validates a step with and the form mirrors (pins "KYC").
 */

export const kycCountry = z.enum(['india', 'belgium', 'usa', 'other']);
export type KycCountry = z.infer<typeof kycCountry>;

export const KYC_COUNTRY_LABELS: Record<KycCountry, string> = {
  india: 'India',
  belgium: 'Belgium',
  usa: 'U.S',
  other: 'Other countries',
};

export const kycMode = z.enum(['online', 'offline']);
export type KycMode = z.infer<typeof kycMode>;

export const KYC_MODE_LABELS: Record<KycMode, string> = {
  online: 'Digital Form Submission',
  offline: 'Download and Upload Hub',
};

/** Other countries fill the offline form only. */
export function kycModesOf(country: KycCountry): KycMode[] {
  return country === 'other' ? ['offline'] : ['online', 'offline'];
}

export type KycStepKind = 'personal' | 'company' | 'owner' | 'banking' | 'attachment' | 'hub';

export interface KycStep {
  n: number;
  kind: KycStepKind;
  title: string;
}

/** The steps of a country and mode, by their numbers (a country without a step has no number for it). */
export function kycStepsOf(country: KycCountry, mode: KycMode): KycStep[] {
  if (mode === 'offline' || country === 'other') {
    return [
      { n: 1, kind: 'personal', title: 'Personal Details' },
      { n: 2, kind: 'hub', title: 'Download and Upload Hub' },
    ];
  }
  return [
    { n: 1, kind: 'personal', title: 'Personal Details' },
    { n: 2, kind: 'company', title: 'Company Details' },
    ...(country === 'india' ? [{ n: 3, kind: 'owner' as const, title: 'Company Owner Details' }] : []),
    { n: 4, kind: 'banking', title: 'Banking Details' },
    { n: 5, kind: 'attachment', title: 'Attachment' },
  ];
}

/** `GET /public/data/kyc-entity-types`: the organisation types, value and label. */
export const KYC_ENTITY_TYPES = [
  { value: 'individual', label: 'Individual' },
  { value: 'partnership_firm', label: 'Partnership Firm' },
  { value: 'private_ltd', label: 'Private Ltd.' },
  { value: 'llp', label: 'LLP' },
  { value: 'public_ltd', label: 'Public Ltd.' },
  { value: 'opc', label: 'OPC' },
  { value: 'other', label: 'Other' },
] as const;

export const BUSINESS_TYPES = [
  'Manufacturer',
  'Retailer',
  'Wholesaler',
  'Corporate Retailer',
  'Other',
] as const;
export const INDUSTRY_TYPES = ['Diamonds', 'Colour Stones', 'Jewellery', 'Other'] as const;
export const MSME_TYPES = ['Micro', 'Small', 'Medium'] as const;

/** The Indian trade cities of the company city dropdown. */
export const INDIA_CITIES = [
  'Agra',
  'Ahmedabad',
  'Amritsar',
  'Bengaluru',
  'Bhopal',
  'Bhubaneswar',
  'Chandigarh',
  'Chennai',
  'Coimbatore',
  'Cuttack',
  'Dehradun',
  'Delhi',
  'Guwahati',
  'Hyderabad',
  'Indore',
  'Jaipur',
  'Jalandhar',
  'Jammu',
  'Jodhpur',
  'Kanpur',
  'Kochi',
  'Kolkata',
  'Kozhikode',
  'Lucknow',
  'Ludhiana',
  'Madurai',
  'Mumbai',
  'Mysuru',
  'Nagpur',
  'Nashik',
  'Navsari',
  'Patna',
  'Pune',
  'Raipur',
  'Rajkot',
  'Ranchi',
  'Surat',
  'Thiruvananthapuram',
  'Thrissur',
  'Vadodara',
  'Varanasi',
  'Visakhapatnam',
] as const;

const REQUIRED = 'Required';
const text = (max = 140) => z.string().trim().min(1, REQUIRED).max(max, `At most ${max} characters`);
const optionalText = (max = 140) => z.string().trim().max(max, `At most ${max} characters`).optional();
/** Name-like: letters, digits and spaces, 1–140 characters. */
const nameLike = text().regex(/^[\p{L}\d ]+$/u, 'Use letters, digits and spaces only');
const yesNo = z.boolean({ error: REQUIRED });
const kycEmail = z.string().trim().min(1, REQUIRED).pipe(email);
const kycPhone = z.string().trim().min(1, REQUIRED).pipe(phone);
const kycCountryCode = z.string().trim().min(1, REQUIRED).pipe(countryCode);
const entityType = z.enum(KYC_ENTITY_TYPES.map((e) => e.value) as [string, ...string[]], {
  error: 'Pick the organisation type',
});
const multi = (labels: readonly string[]) =>
  z
    .array(z.enum(labels as [string, ...string[]], { error: 'Pick from the list' }))
    .min(1, 'Pick at least one');

export const personalDetails = z.object({
  first_name: nameLike,
  last_name: nameLike,
  email: kycEmail,
  country_code: kycCountryCode,
  phone: kycPhone,
});

const companyCommon = {
  company_name: nameLike,
  year_of_establishment: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter a year of 4 digits')
    .refine((y) => Number(y) <= new Date().getUTCFullYear(), 'The year cannot be in the future'),
  company_country_code: kycCountryCode,
  company_phone_number: kycPhone,
  company_email: kycEmail,
  business_type: multi(BUSINESS_TYPES),
  business_type_other: optionalText(),
  industry_type: multi(INDUSTRY_TYPES),
  industry_type_other: optionalText(),
  business_registration_number: text(40),
  subsidiary_company: optionalText(),
  is_member_of_business: yesNo,
  member_of_business_name: optionalText(),
  ultimate_beneficiary_name: nameLike,
  organisation_type: entityType,
  organisation_type_other: optionalText(),
};

type Issue = { path: string; message: string; when: boolean };

/** Fields required only with an answer elsewhere ("Other" ticked, "Yes" answered). */
function requireWhen<T extends z.ZodType>(schema: T, rules: (v: z.output<T>) => Issue[]) {
  return schema.superRefine((v, ctx) => {
    for (const r of rules(v))
      if (r.when) ctx.addIssue({ code: 'custom', path: [r.path], message: r.message });
  });
}

const blank = (s: string | undefined) => !s || s.trim() === '';

const companyCommonSchema = z.object(companyCommon);
type CompanyCommon = z.output<typeof companyCommonSchema>;

function companyRules(v: CompanyCommon): Issue[] {
  return [
    {
      path: 'business_type_other',
      message: 'Name the other business type',
      when: v.business_type.includes('Other') && blank(v.business_type_other),
    },
    {
      path: 'industry_type_other',
      message: 'Name the other industry type',
      when: v.industry_type.includes('Other') && blank(v.industry_type_other),
    },
    {
      path: 'member_of_business_name',
      message: 'Name the association',
      when: v.is_member_of_business && blank(v.member_of_business_name),
    },
    {
      path: 'organisation_type_other',
      message: 'Name the organisation type',
      when: v.organisation_type === 'other' && blank(v.organisation_type_other),
    },
  ];
}

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const companyDetailsIndia = requireWhen(
  z.object({
    ...companyCommon,
    address: text(300),
    city: z.enum(INDIA_CITIES, { error: 'Pick a city' }),
    state: text(),
    pincode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter a pincode of 6 digits'),
    company_pan_number: z.string().trim().toUpperCase().regex(PAN, 'Enter a PAN like ABCDE1234F'),
    gst_number: z.string().trim().toUpperCase().regex(GSTIN, 'Enter a valid GSTIN'),
    is_msme_registered: z.boolean().optional(),
    msme_type: z.enum(MSME_TYPES).optional(),
    msme_registration_number: z.string().trim().optional(),
  }),
  (v) => [
    ...companyRules(v),
    { path: 'msme_type', message: 'Pick the MSME type', when: v.is_msme_registered === true && !v.msme_type },
    {
      path: 'msme_registration_number',
      message: 'Enter the 12-character MSME registration number',
      when: v.is_msme_registered === true && (v.msme_registration_number ?? '').length !== 12,
    },
  ],
);

const companyWest = {
  ...companyCommon,
  address_line_1: text(300),
  address_line_2: optionalText(300),
  vat_number: z.string().trim().min(5, 'Enter 5 to 15 characters').max(15, 'Enter 5 to 15 characters'),
  fax_number: z
    .string()
    .trim()
    .refine((s) => s === '' || (s.length >= 5 && s.length <= 25), 'Enter 5 to 25 characters')
    .optional(),
  ownership_percentage: z
    .number({ error: 'Enter a percentage' })
    .min(0, 'Between 0 and 100')
    .max(100, 'Between 0 and 100')
    .nullable()
    .optional(),
};

export const companyDetailsBelgium = requireWhen(z.object(companyWest), companyRules);

export const companyDetailsUsa = requireWhen(
  z.object({
    ...companyWest,
    federal_tax_id: text(40),
    is_anti_money_laundering: yesNo,
    no_anti_money_laundering_policy_reason: optionalText(500),
  }),
  (v) => [
    ...companyRules(v),
    {
      path: 'no_anti_money_laundering_policy_reason',
      message: 'Say why there is no anti-money-laundering policy',
      when: v.is_anti_money_laundering === false && blank(v.no_anti_money_laundering_policy_reason),
    },
  ],
);

export const ownerDetails = z.object({
  owner_first_name: nameLike,
  owner_last_name: nameLike,
  owner_email: kycEmail,
  owner_country_code: kycCountryCode,
  owner_phone: kycPhone,
  owner_pan_or_aadhaar_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10,}$/, 'Enter at least 10 letters or digits')
    .max(20, 'At most 20 characters'),
});

const accountNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,15}$/, 'Enter 1 to 15 letters or digits');

export const bankingDetailsIndia = z.object({
  bank_name: text(),
  account_holder_name: nameLike,
  account_number: accountNumber,
  ifsc_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Enter an IFSC like ABCD0123456'),
  bank_address: optionalText(300),
});

export const bankingDetailsWest = z.object({
  bank_name: text(),
  account_holder_name: nameLike,
  account_number: accountNumber,
  swift_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8,11}$/, 'Enter a SWIFT code of 8 to 11 letters or digits'),
});

/** Steps made of documents only (Attachment, the offline hub): nothing to fill in. */
export const documentsOnly = z.object({});

/** The schema of one step's data, or null when the country and mode have no such step. */
export function kycStepSchema(country: KycCountry, mode: KycMode, n: number): z.ZodType | null {
  const step = kycStepsOf(country, mode).find((s) => s.n === n);
  if (!step) return null;
  switch (step.kind) {
    case 'personal':
      return personalDetails;
    case 'company':
      return country === 'india'
        ? companyDetailsIndia
        : country === 'usa'
          ? companyDetailsUsa
          : companyDetailsBelgium;
    case 'owner':
      return ownerDetails;
    case 'banking':
      return country === 'india' ? bankingDetailsIndia : bankingDetailsWest;
    default:
      return documentsOnly;
  }
}

/** MB as the pins count them: 1,000,000 bytes. */
const MB = 1_000_000;

export interface KycDocument {
  field_key: string;
  label: string;
  required: boolean;
  maxBytes: number;
}

const doc = (field_key: string, label: string, required: boolean, mb: number): KycDocument => ({
  field_key,
  label,
  required,
  maxBytes: mb * MB,
});

const DOCUMENTS: Record<KycCountry, KycDocument[]> = {
  india: [
    doc('pan_card', 'Company PAN card', true, 20),
    doc('gst_certificate', 'GST certificate', true, 15),
    doc('incorporation_certificate', 'Incorporation certificate (or ISE copy)', true, 15),
    doc('cancel_cheque', 'Cancelled cheque', false, 10),
    doc('section_194q', 'Section 194Q declaration', true, 5),
    doc('government_registration_certificate', 'Government registration certificate', false, 5),
    doc('business_card', 'Business card', false, 5),
    doc('company_owner_pan_card', 'Company owner PAN or Aadhaar card', true, 15),
    doc('company_owner_passport', 'Company owner passport', false, 10),
    doc('person_to_contact_1', 'Person authorised to collect goods 1: photo ID', false, 10),
    doc('person_to_contact_2', 'Person authorised to collect goods 2: photo ID', false, 10),
    doc('person_to_contact_3', 'Person authorised to collect goods 3: photo ID', false, 10),
  ],
  belgium: [
    doc('registration_number', 'FEIN, tax or business registration copy', true, 20),
    doc('passport', 'Driving licence or passport', true, 20),
    doc('id_copy', 'ID or residency copy', true, 20),
  ],
  usa: [
    doc('registration_number', 'FEIN, tax or business registration copy', true, 20),
    doc('passport', 'Driving licence or passport', true, 20),
    doc('id_copy', 'ID or residency copy', true, 20),
  ],
  other: [
    doc('incumbency_certificate', 'Incumbency certificate (or registry extract)', true, 20),
    doc('trade_license', 'Trade licence', true, 20),
    doc('gst_certificate', 'TRN, VAT or GST certificate', true, 20),
    doc('moa', 'MOA, AOA or partnership deed', false, 10),
    doc('owner_id_copy', 'ID copies of the ultimate beneficial owners', true, 15),
    doc('manager_id_copy', 'ID copy of the authorised signatory', true, 15),
  ],
};

/** The signed offline form, uploaded in the hub. */
export const UPLOAD_FORM = doc('upload_form', 'Signed KYC form', true, 20);

/** The documents a country and mode ask for (offline: the signed form first). */
export function kycDocumentsOf(country: KycCountry, mode: KycMode): KycDocument[] {
  return mode === 'offline' || country === 'other'
    ? [UPLOAD_FORM, ...DOCUMENTS[country]]
    : DOCUMENTS[country];
}

/** The largest document of all: the upload route's limit. */
export const KYC_DOCUMENT_MAX_BYTES = 20 * MB;

/** One file each; PDF, DOC(X), JPG or PNG, judged by content. */
export const KYC_DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
] as const;

/** The steps a customer saved, by mode and step number, and the country and mode they are for. */
export interface KycSavedSteps {
  country: KycCountry | null;
  mode: KycMode | null;
  online: Record<string, unknown>;
  offline: Record<string, unknown>;
}

/**
 * What a KYC still lacks to be submitted in this country and mode: the steps not saved or no
 * longer valid (`step_2`), the required documents not uploaded (their field keys) and
 * `email_verification`. Saved steps and uploaded documents count only for the country and mode
 * they were made for. The server refuses a submission with this list (`KYC_INCOMPLETE`,
 * `details.missing`); the form shows it, shrinking as the customer completes it.
 */
export function kycMissing(
  country: KycCountry,
  mode: KycMode,
  saved: KycSavedSteps | undefined,
  uploaded: readonly string[],
  emailVerified: boolean,
): string[] {
  const missing: string[] = [];
  const sameForm = saved?.country === country && saved.mode === mode;
  for (const step of kycStepsOf(country, mode)) {
    if (step.kind === 'attachment' || step.kind === 'hub') continue;
    const data = sameForm ? saved[mode][String(step.n)] : undefined;
    if (!data || !kycStepSchema(country, mode, step.n)?.safeParse(data).success)
      missing.push(`step_${step.n}`);
  }
  for (const doc of kycDocumentsOf(country, mode)) {
    if (doc.required && !(sameForm && uploaded.includes(doc.field_key))) missing.push(doc.field_key);
  }
  if (!emailVerified) missing.push('email_verification');
  return missing;
}
