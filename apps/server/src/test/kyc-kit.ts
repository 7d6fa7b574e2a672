import { saveKycStep, sendKycEmailOtp, uploadKycDocument, verifyKycEmailOtp } from '@loupe/contract/kyc';
import type { KycCountry } from '@loupe/contract/kyc-fields';
import { callRoute, expectOk } from './call-route.ts';
import { loggedInCustomer } from './stock-kit.ts';
import { codeIn, latestMessage, type TestApp } from './test-app.ts';

/** Complete, valid KYC steps per country (domain-facts §8), for the KYC tests. */

export const personal = (email: string) => ({
  first_name: 'Riya',
  last_name: 'Shah',
  email,
  country_code: '91',
  phone: '9820012345',
});

const companyCommon = {
  company_name: 'Shah Gems',
  year_of_establishment: '2004',
  company_country_code: '91',
  company_phone_number: '2240001234',
  company_email: 'accounts@shahgems.test',
  business_type: ['Manufacturer', 'Wholesaler'],
  industry_type: ['Diamonds'],
  business_registration_number: 'U36911MH2004PTC123456',
  is_member_of_business: false,
  ultimate_beneficiary_name: 'Riya Shah',
  organisation_type: 'private_ltd',
};

export const companyIndia = {
  ...companyCommon,
  address: '12 Opera House, Charni Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400004',
  company_pan_number: 'ABCDE1234F',
  gst_number: '27ABCDE1234F1Z5',
  is_msme_registered: false,
};

export const companyWest = {
  ...companyCommon,
  address_line_1: 'Hoveniersstraat 30',
  vat_number: 'BE0123456789',
};

export const companyUsa = {
  ...companyWest,
  federal_tax_id: '12-3456789',
  is_anti_money_laundering: true,
};

export const ownerIndia = {
  owner_first_name: 'Riya',
  owner_last_name: 'Shah',
  owner_email: 'riya@shahgems.test',
  owner_country_code: '91',
  owner_phone: '9820012345',
  owner_pan_or_aadhaar_number: 'ABCDE1234F',
};

export const bankingIndia = {
  bank_name: 'HDFC Bank',
  account_holder_name: 'Shah Gems',
  account_number: '50100012345678',
  ifsc_code: 'HDFC0001234',
};

export const bankingWest = {
  bank_name: 'KBC',
  account_holder_name: 'Shah Gems',
  account_number: 'BE71096123456',
  swift_code: 'KREDBEBB',
};

/** The online steps with data, by number. */
export function onlineSteps(country: Exclude<KycCountry, 'other'>, email: string): Record<number, object> {
  if (country === 'india') return { 1: personal(email), 2: companyIndia, 3: ownerIndia, 4: bankingIndia };
  return { 1: personal(email), 2: country === 'usa' ? companyUsa : companyWest, 4: bankingWest };
}

/** A small real PDF and PNG (their signatures are what the server judges). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Saves every online step of a country and verifies the email by its code. */
export async function fillOnline(
  t: TestApp,
  token: string,
  country: Exclude<KycCountry, 'other'>,
  email: string,
) {
  for (const [n, data] of Object.entries(onlineSteps(country, email))) {
    await expectOk(t.app, saveKycStep, {
      token,
      params: { n: Number(n) },
      body: { country, offline: false, data: data as Record<string, unknown> },
    });
  }
  await verifyEmail(t, token, email);
}

export async function verifyEmail(t: TestApp, token: string, email: string) {
  const sent = await expectOk(t.app, sendKycEmailOtp, { token, query: { event_type: 'KYC' } });
  const otp = codeIn((await latestMessage(t.app, email))?.subject ?? undefined);
  await expectOk(t.app, verifyKycEmailOtp, { token, body: { token: sent.token, otp } });
}

/** Uploads one KYC document (a small PDF unless given) for the form of a country and mode. */
export function upload(
  t: TestApp,
  token: string,
  country: string,
  offline: boolean,
  field_key: string,
  content: Buffer = PDF,
  name = 'doc.pdf',
) {
  return callRoute(t.app, uploadKycDocument, {
    token,
    upload: { name, content, fields: { country, offline: String(offline), field_key } },
  });
}

/** A logged-in customer who has not started KYC. */
export const newKycBuyer = (t: TestApp) => loggedInCustomer(t, { kycStatus: 'not_started' });
