import {
  BUSINESS_TYPES,
  INDUSTRY_TYPES,
  KYC_COUNTRY_LABELS,
  KYC_ENTITY_TYPES,
  type KycCountry,
  kycDocumentsOf,
} from '@loupe/contract/kyc-fields';
import PDFDocument from 'pdfkit';

/**
 * The offline KYC form of a country as a PDF (A4): the fields of the online steps with lines to
 * write on, the documents to attach, the declarations, and the signature (and stamp) boxes. The
 * buyer prints it, fills it in, signs it and uploads it as `upload_form` in the hub.
 */

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
const INK = '#1f2a37';
const MUTED = '#5b6776';
const RULE = '#9aa5b1';

type Section = { title: string; fields: string[] };

const COMPANY_COMMON = [
  'Company name',
  'Year of establishment',
  'Company phone (country code and number)',
  'Company email',
  `Business type (${BUSINESS_TYPES.join(' / ')})`,
  `Industry type (${INDUSTRY_TYPES.join(' / ')})`,
  'Business registration number (CIN)',
  'Subsidiary company (optional)',
  'Member of a business association? (Yes / No) — if yes, its name',
  'Ultimate beneficiary name',
  `Organisation type (${KYC_ENTITY_TYPES.map((e) => e.label).join(' / ')})`,
];

function sectionsOf(country: KycCountry): Section[] {
  const personal = {
    title: 'Personal details',
    fields: ['First name', 'Last name', 'Email', 'Phone (country code and number)'],
  };
  if (country === 'india') {
    return [
      personal,
      {
        title: 'Company details',
        fields: [
          ...COMPANY_COMMON,
          'Address',
          'City, state and pincode',
          'Company PAN number',
          'GST number (GSTIN)',
          'MSME registered? (Yes / No) — if yes, MSME type and 12-character registration number',
        ],
      },
      {
        title: 'Company owner details',
        fields: ['Owner first and last name', 'Owner email', 'Owner phone', 'Owner PAN or Aadhaar number'],
      },
      {
        title: 'Banking details',
        fields: [
          'Bank name',
          'Account holder name',
          'Account number',
          'IFSC code',
          'Bank address (optional)',
        ],
      },
    ];
  }
  const western = [
    ...COMPANY_COMMON,
    'Address line 1',
    'Address line 2',
    'VAT number',
    'Fax number (optional)',
    'Ownership percentage (optional)',
  ];
  return [
    personal,
    {
      title: 'Company details',
      fields:
        country === 'usa'
          ? [...western, 'Federal tax ID', 'Anti-money-laundering policy in place? (Yes / No) — if no, why']
          : western,
    },
    {
      title: 'Banking details',
      fields: ['Bank name', 'Account holder name', 'Account number / IBAN', 'SWIFT code'],
    },
  ];
}

const DECLARATIONS = [
  'I declare that the company and its ultimate beneficial owners are not subject to any sanctions, and that no funds used to buy from Loupe Diamonds derive from unlawful activity.',
  'I declare that the company complies with the Kimberley Process and the System of Warranties, and will not trade in conflict diamonds.',
  'I declare that the information in this form and its attachments is true and complete, and I will inform Loupe Diamonds of any change.',
];

export async function renderKycForm(country: KycCountry): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Loupe KYC form — ${KYC_COUNTRY_LABELS[country]}`,
      Author: 'Loupe Diamonds',
      Subject: 'Know Your Customer form, to print, fill in, sign and upload',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Loupe Diamonds — KYC form');
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(`Country: ${KYC_COUNTRY_LABELS[country]}`);
  doc.moveDown(0.5);
  doc
    .fontSize(9.5)
    .text(
      'Fill in every field in capital letters, sign every page' +
        (country === 'other' ? ' and stamp it with the company seal' : '') +
        ', then upload the signed form and the documents listed below in the Download and Upload Hub of your KYC. We review within 3 days.',
      { width: WIDTH },
    );

  for (const section of sectionsOf(country)) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(section.title.toUpperCase());
    doc.moveDown(0.3);
    for (const field of section.fields) {
      if (doc.y > 760) doc.addPage();
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(field, { width: WIDTH });
      const y = doc.y + 14;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + WIDTH, y)
        .strokeColor(RULE)
        .lineWidth(0.6)
        .stroke();
      doc.y = y + 6;
    }
  }

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('DOCUMENTS TO ATTACH');
  doc.moveDown(0.3);
  for (const d of kycDocumentsOf(country, 'offline').filter((d) => d.field_key !== 'upload_form')) {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(
        `[   ]  ${d.label}${d.required ? ' (required)' : ' (optional)'} — up to ${d.maxBytes / 1_000_000} MB`,
        {
          width: WIDTH,
        },
      );
  }
  doc.moveDown(0.3);
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Accepted files: PDF, DOC, DOCX, JPG or PNG, one file per document.');

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('DECLARATIONS');
  doc.moveDown(0.3);
  const declarations = country === 'other' ? DECLARATIONS : DECLARATIONS.slice(2);
  declarations.forEach((text, i) => {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${i + 1}. ${text}`, { width: WIDTH });
    doc.moveDown(0.4);
  });

  doc.moveDown(1.5);
  const boxY = doc.y;
  const boxW = country === 'other' ? (WIDTH - 16) / 2 : WIDTH / 2;
  doc.rect(MARGIN, boxY, boxW, 80).strokeColor(RULE).stroke();
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Signature, name and date', MARGIN + 6, boxY + 66);
  if (country === 'other') {
    doc.rect(MARGIN + boxW + 16, boxY, boxW, 80).stroke();
    doc.text('Company stamp', MARGIN + boxW + 22, boxY + 66);
  }
  doc.end();
  return done;
}
