import {
  BUSINESS_TYPES,
  INDIA_CITIES,
  INDUSTRY_TYPES,
  KYC_ENTITY_TYPES,
  type KycCountry,
  type KycStepKind,
  MSME_TYPES,
} from '@loupe/contract/kyc-fields';

/**
 * What each step of the KYC form shows, field by field, per country (domain-facts §8). The rules
 * are the contract's schemas (kyc-fields.ts); this only says how to draw them and when a field
 * that depends on another answer shows.
 */

export type FieldKind = 'text' | 'email' | 'tel' | 'select' | 'multi' | 'yesno' | 'number';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  /** Shown only when this holds for the form's values. */
  showWhen?: (values: Record<string, unknown>) => boolean;
  hint?: string;
}

const list = (labels: readonly string[]) => labels.map((l) => ({ value: l, label: l }));
const has = (name: string, label: string) => (v: Record<string, unknown>) =>
  Array.isArray(v[name]) && (v[name] as unknown[]).includes(label);
const is = (name: string, value: unknown) => (v: Record<string, unknown>) => v[name] === value;

const PERSONAL: FieldSpec[] = [
  { name: 'first_name', label: 'First Name', kind: 'text', required: true },
  { name: 'last_name', label: 'Last Name', kind: 'text', required: true },
  {
    name: 'email',
    label: 'Email',
    kind: 'email',
    required: true,
    hint: 'We send a 6-digit code to verify it.',
  },
  { name: 'country_code', label: 'Country Code', kind: 'tel', required: true },
  { name: 'phone', label: 'Mobile Number', kind: 'tel', required: true },
];

const COMPANY_COMMON: FieldSpec[] = [
  { name: 'company_name', label: 'Company Name', kind: 'text', required: true },
  { name: 'year_of_establishment', label: 'Year of Establishment', kind: 'text', required: true },
  { name: 'company_country_code', label: 'Company Country Code', kind: 'tel', required: true },
  { name: 'company_phone_number', label: 'Company Phone Number', kind: 'tel', required: true },
  { name: 'company_email', label: 'Company Email', kind: 'email', required: true },
  {
    name: 'business_type',
    label: 'Business Type',
    kind: 'multi',
    required: true,
    options: list(BUSINESS_TYPES),
  },
  {
    name: 'business_type_other',
    label: 'Other Business Type',
    kind: 'text',
    required: true,
    showWhen: has('business_type', 'Other'),
  },
  {
    name: 'industry_type',
    label: 'Industry Type',
    kind: 'multi',
    required: true,
    options: list(INDUSTRY_TYPES),
  },
  {
    name: 'industry_type_other',
    label: 'Other Industry Type',
    kind: 'text',
    required: true,
    showWhen: has('industry_type', 'Other'),
  },
  {
    name: 'business_registration_number',
    label: 'Business Registration Number (CIN)',
    kind: 'text',
    required: true,
  },
  { name: 'subsidiary_company', label: 'Subsidiary Company', kind: 'text' },
  {
    name: 'is_member_of_business',
    label: 'Member of a Business Association?',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'member_of_business_name',
    label: 'Association Name',
    kind: 'text',
    required: true,
    showWhen: is('is_member_of_business', true),
  },
  { name: 'ultimate_beneficiary_name', label: 'Ultimate Beneficiary Name', kind: 'text', required: true },
  {
    name: 'organisation_type',
    label: 'Organisation Type',
    kind: 'select',
    required: true,
    options: KYC_ENTITY_TYPES,
  },
  {
    name: 'organisation_type_other',
    label: 'Other Organisation Type',
    kind: 'text',
    required: true,
    showWhen: is('organisation_type', 'other'),
  },
];

const COMPANY_INDIA: FieldSpec[] = [
  ...COMPANY_COMMON,
  { name: 'address', label: 'Address', kind: 'text', required: true },
  { name: 'city', label: 'City', kind: 'select', required: true, options: list(INDIA_CITIES) },
  { name: 'state', label: 'State', kind: 'text', required: true },
  { name: 'pincode', label: 'Pincode', kind: 'text', required: true },
  { name: 'company_pan_number', label: 'Company PAN Number', kind: 'text', required: true },
  { name: 'gst_number', label: 'GST Number', kind: 'text', required: true },
  { name: 'is_msme_registered', label: 'MSME Registered?', kind: 'yesno' },
  {
    name: 'msme_type',
    label: 'MSME Type',
    kind: 'select',
    required: true,
    options: list(MSME_TYPES),
    showWhen: is('is_msme_registered', true),
  },
  {
    name: 'msme_registration_number',
    label: 'MSME Registration Number',
    kind: 'text',
    required: true,
    showWhen: is('is_msme_registered', true),
  },
];

const COMPANY_WEST: FieldSpec[] = [
  ...COMPANY_COMMON,
  { name: 'address_line_1', label: 'Address Line 1', kind: 'text', required: true },
  { name: 'address_line_2', label: 'Address Line 2', kind: 'text' },
  { name: 'vat_number', label: 'VAT Number', kind: 'text', required: true },
  { name: 'fax_number', label: 'Fax Number', kind: 'text' },
  { name: 'ownership_percentage', label: 'Ownership Percentage', kind: 'number' },
];

const COMPANY_USA: FieldSpec[] = [
  ...COMPANY_WEST,
  { name: 'federal_tax_id', label: 'Federal Tax ID', kind: 'text', required: true },
  {
    name: 'is_anti_money_laundering',
    label: 'Anti-Money-Laundering Policy in Place?',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'no_anti_money_laundering_policy_reason',
    label: 'Why Is There No Such Policy?',
    kind: 'text',
    required: true,
    showWhen: is('is_anti_money_laundering', false),
  },
];

const OWNER: FieldSpec[] = [
  { name: 'owner_first_name', label: 'Owner First Name', kind: 'text', required: true },
  { name: 'owner_last_name', label: 'Owner Last Name', kind: 'text', required: true },
  { name: 'owner_email', label: 'Owner Email', kind: 'email', required: true },
  { name: 'owner_country_code', label: 'Owner Country Code', kind: 'tel', required: true },
  { name: 'owner_phone', label: 'Owner Mobile Number', kind: 'tel', required: true },
  { name: 'owner_pan_or_aadhaar_number', label: 'Owner PAN or Aadhaar Number', kind: 'text', required: true },
];

const BANKING_INDIA: FieldSpec[] = [
  { name: 'bank_name', label: 'Bank Name', kind: 'text', required: true },
  { name: 'account_holder_name', label: 'Account Holder Name', kind: 'text', required: true },
  { name: 'account_number', label: 'Account Number', kind: 'text', required: true },
  { name: 'ifsc_code', label: 'IFSC Code', kind: 'text', required: true },
  { name: 'bank_address', label: 'Bank Address', kind: 'text' },
];

const BANKING_WEST: FieldSpec[] = [
  { name: 'bank_name', label: 'Bank Name', kind: 'text', required: true },
  { name: 'account_holder_name', label: 'Account Holder Name', kind: 'text', required: true },
  { name: 'account_number', label: 'Account Number/IBN', kind: 'text', required: true },
  { name: 'swift_code', label: 'SWIFT Code', kind: 'text', required: true },
];

export function fieldsOf(country: KycCountry, kind: KycStepKind): FieldSpec[] {
  switch (kind) {
    case 'personal':
      return PERSONAL;
    case 'company':
      return country === 'india' ? COMPANY_INDIA : country === 'usa' ? COMPANY_USA : COMPANY_WEST;
    case 'owner':
      return OWNER;
    case 'banking':
      return country === 'india' ? BANKING_INDIA : BANKING_WEST;
    default:
      return [];
  }
}

/** The form's starting values: what was saved, else empty (multi-choices as empty lists). */
export function startValues(fields: FieldSpec[], saved: Record<string, unknown> | undefined) {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const v = saved?.[f.name];
    if (v !== undefined && v !== null) values[f.name] = v;
    else
      values[f.name] = f.kind === 'multi' ? [] : f.kind === 'yesno' || f.kind === 'number' ? undefined : '';
  }
  return values;
}

/**
 * The values to send: hidden dependent fields and empty optional ones are left out, so a field
 * the buyer cannot see never blocks the step.
 */
export function valuesToSend(fields: FieldSpec[], values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.showWhen && !f.showWhen(values)) continue;
    const v = values[f.name];
    if (v === undefined || v === null || (v === '' && !f.required)) continue;
    out[f.name] = v;
  }
  return out;
}
