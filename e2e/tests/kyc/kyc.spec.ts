import { decideKyc } from '@loupe/contract/kyc';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/own-data';
import { latestCode, logIn, operator } from '../../fixtures/portal';
import { openSearch } from '../search/search-helpers';

/** A small real PDF: the server judges a file by its content. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

async function upload(page: Page, fieldKey: string, name = `${fieldKey}.pdf`) {
  const zone = page.locator(`[data-field-key="${fieldKey}"]`);
  await zone.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await expect(zone.getByText(name)).toBeVisible();
}

/** Personal Details, then the email code the dialog asks for. */
async function personalDetails(page: Page, email: string) {
  await fill(page, {
    'First Name': 'Nora',
    'Last Name': 'Test',
    Email: email,
    'Country Code': '91',
    'Mobile Number': '9820012345',
  });
  await page.getByRole('button', { name: 'Save & Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(dialog.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The Company Details every country asks for (domain-facts §8 "Company, all countries"). */
async function companyCommon(page: Page, company: { code: string; phone: string; registration: string }) {
  await expect(page.getByRole('heading', { name: 'Company Details' })).toBeVisible();
  await fill(page, {
    'Company Name': 'Nora Gems',
    'Year of Establishment': '2004',
    'Company Country Code': company.code,
    'Company Phone Number': company.phone,
    'Company Email': 'accounts@noragems.test',
    'Business Registration Number (CIN)': company.registration,
    'Ultimate Beneficiary Name': 'Nora Test',
  });
  await page.getByRole('checkbox', { name: 'Wholesaler' }).check();
  await page.getByRole('checkbox', { name: 'Diamonds' }).check();
  await page
    .getByRole('group', { name: /Member of a Business Association/ })
    .getByLabel('No')
    .check();
}

async function submitWithTerms(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await terms.getByLabel('I accept the terms and conditions').check();
  await terms.getByRole('button', { name: 'Accept and submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your KYC is under review' })).toBeVisible();
  await expect(page.getByText('within 3 days')).toBeVisible();
}

test.describe('[KYC] /v2/kyc', () => {
  // Whole forms filled in by hand, with uploads: longer than one screen's test.
  test.describe.configure({ timeout: 120_000 });

  test('[KYC] an Indian company completes the online KYC; the sales team approves and prices unlock', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    await openSearch(page);
    await expect(page.getByLabel('Discount % From')).toBeDisabled();

    await page.goto('/v2/kyc');
    await page.getByLabel('India').check();
    await page.getByLabel('Digital Form Submission').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await personalDetails(page, customer.email);

    // Company Details: a bad PAN is named on its field, both by the form and the server's rule.
    await companyCommon(page, { code: '91', phone: '2240001234', registration: 'U36911MH2004PTC123456' });
    await fill(page, {
      Address: '12 Opera House',
      State: 'Maharashtra',
      Pincode: '400004',
      'Company PAN Number': 'ABCDE1234',
      'GST Number': '27ABCDE1234F1Z5',
    });
    await page.getByLabel('Organisation Type').selectOption('individual');
    await page.getByLabel('City').selectOption('Mumbai');
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await expect(page.getByText('Enter a PAN like ABCDE1234F')).toBeVisible();
    await page.getByLabel('Company PAN Number', { exact: true }).fill('ABCDE1234F');
    await page.getByRole('button', { name: 'Save & Next' }).click();

    // Company Owner Details: an individual's PAN is filled in from the company's.
    await expect(page.getByRole('heading', { name: 'Company Owner Details' })).toBeVisible();
    await expect(page.getByLabel('Owner PAN or Aadhaar Number')).toHaveValue('ABCDE1234F');
    await fill(page, {
      'Owner First Name': 'Nora',
      'Owner Last Name': 'Test',
      'Owner Email': 'nora@noragems.test',
      'Owner Country Code': '91',
      'Owner Mobile Number': '9820012345',
    });
    await page.getByRole('button', { name: 'Save & Next' }).click();

    await expect(page.getByRole('heading', { name: 'Banking Details' })).toBeVisible();
    await fill(page, {
      'Bank Name': 'HDFC Bank',
      'Account Holder Name': 'Nora Gems',
      'Account Number': '50100012345678',
      'IFSC Code': 'HDFC0001234',
    });
    await page.getByRole('button', { name: 'Save & Next' }).click();

    // Attachment: submitting early lists what is missing.
    await expect(page.getByRole('heading', { name: 'Attachment' })).toBeVisible();
    await upload(page, 'pan_card');
    await page.getByRole('button', { name: 'Submit' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    await terms.getByLabel('I accept the terms and conditions').check();
    await terms.getByRole('button', { name: 'Accept and submit' }).click();
    await expect(page.getByText(/Please complete these first: GST certificate/)).toBeVisible();
    for (const key of [
      'gst_certificate',
      'incorporation_certificate',
      'section_194q',
      'company_owner_pan_card',
    ]) {
      await upload(page, key);
    }
    await submitWithTerms(page);

    // A reload comes back to the review screen: everything was saved.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your KYC is under review' })).toBeVisible();

    await operator(request, decideKyc, { params: { email: customer.email }, body: { status: 'approved' } });
    await openSearch(page);
    await expect(page.getByLabel('Discount % From')).toBeEnabled();
    await page.goto('/v2/kyc');
    await expect(page.getByRole('heading', { name: 'Your KYC is approved' })).toBeVisible();
  });

  for (const west of [
    { country: 'Belgium', code: '32', phone: '32123456', vat: 'BE0123456789' },
    { country: 'U.S', code: '1', phone: '2125550123', vat: '12-3456789' },
  ]) {
    test(`[KYC] a ${west.country} company completes the online KYC without an owner step, and is approved`, async ({
      page,
      request,
      own,
    }) => {
      const customer = await own.customer({ kyc: 'none' });
      await logIn(page, customer.email, customer.password);
      await page.goto('/v2/kyc');
      await page.getByLabel(west.country, { exact: true }).check();
      await page.getByLabel('Digital Form Submission').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await personalDetails(page, customer.email);

      await companyCommon(page, { code: west.code, phone: west.phone, registration: 'REG2004001' });
      // The company step outside India asks for an address in lines and a VAT number, no PAN or GST.
      await expect(page.getByLabel('Company PAN Number', { exact: true })).toHaveCount(0);
      await fill(page, { 'Address Line 1': '12 Diamond Street', 'VAT Number': west.vat });
      await page.getByLabel('Organisation Type').selectOption('private_ltd');
      if (west.country === 'U.S') {
        // The USA adds the federal tax id and the anti-money-laundering question with its reason.
        await fill(page, { 'Federal Tax ID': '12-3456789' });
        await page
          .getByRole('group', { name: /Anti-Money-Laundering Policy/ })
          .getByLabel('No')
          .check();
        await page.getByRole('button', { name: 'Save & Next' }).click();
        await expect(page.getByText('Say why there is no anti-money-laundering policy')).toBeVisible();
        await fill(page, { 'Why Is There No Such Policy?': 'A two-person firm, screened by our bank' });
      } else {
        await expect(page.getByLabel('Federal Tax ID', { exact: true })).toHaveCount(0);
      }
      await page.getByRole('button', { name: 'Save & Next' }).click();

      // No Company Owner Details outside India: straight to banking, with SWIFT and IBAN.
      await expect(page.getByRole('heading', { name: 'Banking Details' })).toBeVisible();
      await fill(page, {
        'Bank Name': 'KBC Bank',
        'Account Holder Name': 'Nora Gems',
        'Account Number/IBN': 'BE71096123456',
        'SWIFT Code': 'KRED',
      });
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await expect(page.getByText('Enter a SWIFT code of 8 to 11 letters or digits')).toBeVisible();
      await page.getByLabel('SWIFT Code', { exact: true }).fill('KREDBEBB');
      await page.getByRole('button', { name: 'Save & Next' }).click();

      // Submitting without the documents lists them; the list follows the uploads and goes with the last.
      await expect(page.getByRole('heading', { name: 'Attachment' })).toBeVisible();
      await page.getByRole('button', { name: 'Submit' }).click();
      const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
      await terms.getByLabel('I accept the terms and conditions').check();
      await terms.getByRole('button', { name: 'Accept and submit' }).click();
      const missing = page.getByText(/^Please complete these first:/);
      await expect(missing).toHaveText(
        'Please complete these first: FEIN, tax or business registration copy, Driving licence or passport, ID or residency copy.',
      );
      await upload(page, 'registration_number');
      await upload(page, 'passport');
      await expect(missing).toHaveText('Please complete these first: ID or residency copy.');
      await upload(page, 'id_copy');
      await expect(missing).toHaveCount(0);
      await submitWithTerms(page);

      await operator(request, decideKyc, { params: { email: customer.email }, body: { status: 'approved' } });
      await page.goto('/v2/kyc');
      await expect(page.getByRole('heading', { name: 'Your KYC is approved' })).toBeVisible();
    });
  }

  test('[KYC] another country submits offline: the form downloads, the signed form and documents upload', async ({
    page,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    await page.goto('/v2/kyc');
    await page.getByLabel('Other countries').check();
    await expect(page.getByLabel('Digital Form Submission')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await personalDetails(page, customer.email);

    await expect(page.getByRole('heading', { name: 'Download and Upload Hub' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the KYC form (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('loupe-kyc-form-other.pdf');

    // A file whose content is not an allowed type is refused with the reason.
    await page
      .locator('[data-field-key="moa"] input[type=file]')
      .setInputFiles({ name: 'moa.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
    await expect(page.locator('[data-field-key="moa"]').getByRole('alert')).toContainText('PDF');

    for (const key of [
      'upload_form',
      'incumbency_certificate',
      'trade_license',
      'gst_certificate',
      'owner_id_copy',
      'manager_id_copy',
    ]) {
      await upload(page, key);
    }
    await submitWithTerms(page);
  });

  test('[KYC] nudges: a new customer gets the FULL sheet, then the mini banner with Notify Sales; an existing user MINI at once', async ({
    page,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    // The developer override keeps the mobile alert away when the sheet is seen on a phone's width.
    await page.addInitScript(() => localStorage.setItem('loupe.devAccess', 'true'));
    await logIn(page, customer.email, customer.password, { kycSheet: true });
    const sheet = page.getByRole('dialog', { name: 'Complete your KYC' });
    await expect(sheet.getByText('Live prices')).toBeVisible();
    // A full-screen sheet (spec §2), its three buttons of one height side by side on a desktop and
    // one under another on a phone, all within the screen.
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect.poll(() => sheet.boundingBox()).toEqual({ x: 0, y: 0, ...viewport });
      const buttons = await Promise.all(
        ['Request a callback', 'Later', 'Complete KYC Now'].map(async (name) => {
          const box = await sheet.getByRole('button', { name }).boundingBox();
          if (!box) throw new Error(`no ${name} button`);
          return box;
        }),
      );
      for (const box of buttons) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(box.height).toBe(buttons[0]!.height);
      }
      const [callback, later, complete] = buttons as [
        (typeof buttons)[0],
        (typeof buttons)[0],
        (typeof buttons)[0],
      ];
      if (viewport.width > 480) {
        expect(later.y).toBe(callback.y);
        expect(complete.y).toBe(callback.y);
        expect(later.x).toBeGreaterThanOrEqual(callback.x + callback.width);
        expect(complete.x).toBeGreaterThanOrEqual(later.x + later.width);
      } else {
        expect(later.y).toBeGreaterThanOrEqual(callback.y + callback.height);
        expect(complete.y).toBeGreaterThanOrEqual(later.y + later.height);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await sheet.getByRole('button', { name: 'Later' }).click();
    await expect(sheet).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('show-nudge'))).toBe('MINI');
    const banner = page.getByRole('region', { name: 'KYC reminder' });
    await expect(banner.getByRole('link', { name: 'Complete KYC Now' })).toBeVisible();
    await banner.getByRole('button', { name: 'Notify Sales' }).click();
    await expect(banner.getByRole('button', { name: 'Notified Sales' })).toBeDisabled();
    await page.reload();
    await expect(banner.getByRole('button', { name: 'Notified Sales' })).toBeVisible();
    await banner.getByRole('link', { name: 'Complete KYC Now' }).click();
    await expect(page).toHaveURL(/\/v2\/kyc$/);
    await expect(banner).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    await logIn(page, 'existing@loupe.test', undefined, { kycSheet: true });
    await expect(page.getByRole('region', { name: 'KYC reminder' })).toContainText('under review');
    await expect(page.getByRole('dialog', { name: 'Complete your KYC' })).toHaveCount(0);
  });
});
