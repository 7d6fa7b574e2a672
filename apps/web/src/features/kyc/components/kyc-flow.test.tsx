import {
  getKyc,
  type KycDocumentInfo,
  type KycState,
  removeKycDocument,
  submitKyc,
  uploadKycDocument,
} from '@loupe/contract/kyc';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi } from '../../../test/fake-api';
import { KycFlow } from './kyc-flow';

/** A Belgian online KYC with every step saved and the email verified: only the documents are due. */
function belgianKyc(documents: KycDocumentInfo[]): KycState {
  return {
    kyc: {
      status: 'inprogress',
      banner_key: 'online-under-inprogress',
      rejection_reason: null,
      submitted_at: null,
    },
    profile_data: {
      country: 'belgium',
      mode: 'online',
      online: {
        '1': {
          first_name: 'Lena',
          last_name: 'Verbeke',
          email: 'lena@verbeke.test',
          country_code: '32',
          phone: '32123456',
        },
        '2': {
          company_name: 'Verbeke Diamonds',
          year_of_establishment: '2004',
          company_country_code: '32',
          company_phone_number: '32123456',
          company_email: 'accounts@verbeke.test',
          business_type: ['Wholesaler'],
          industry_type: ['Diamonds'],
          business_registration_number: 'REG2004001',
          is_member_of_business: false,
          ultimate_beneficiary_name: 'Lena Verbeke',
          organisation_type: 'private_ltd',
          address_line_1: 'Hoveniersstraat 30',
          vat_number: 'BE0123456789',
        },
        '4': {
          bank_name: 'KBC',
          account_holder_name: 'Verbeke Diamonds',
          account_number: 'BE71096123456',
          swift_code: 'KREDBEBB',
        },
      },
      offline: {},
    },
    documents,
    is_email_verified: true,
  };
}

const uploaded = (field_key: string): KycDocumentInfo => ({
  field_key,
  file_name: `${field_key}.pdf`,
  size: 2048,
  uploaded_at: '2026-11-27T10:00:00.000Z',
});

const MISSING = 'Please complete these first:';

function renderFlow() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <KycFlow />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function submitWithTerms() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms and conditions' });
  fireEvent.click(within(terms).getByLabelText('I accept the terms and conditions'));
  fireEvent.click(within(terms).getByRole('button', { name: 'Accept and submit' }));
}

function uploadFile(fieldKey: string) {
  const zone = document.querySelector(`[data-field-key="${fieldKey}"]`);
  const input = zone?.querySelector('input[type=file]');
  if (!input) throw new Error(`no drop zone for ${fieldKey}`);
  const file = new File(['%PDF-1.4\n%%EOF\n'], `${fieldKey}.pdf`, { type: 'application/pdf' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('[KYC] the Attachment step', () => {
  it('lists what a refused submission lacks, and keeps the list to what is still missing as documents come and go', async () => {
    let state = belgianKyc([]);
    const api = fakeApi()
      .on(getKyc, () => state)
      .once(
        submitKyc,
        fail('KYC_INCOMPLETE', 'Please complete your KYC first: 3 items missing.', {
          missing: ['registration_number', 'passport', 'id_copy'],
        }),
      )
      .on(uploadKycDocument, (call) => {
        const fieldKey = String((call.body as FormData).get('field_key'));
        state = { ...state, documents: [...state.documents, uploaded(fieldKey)] };
        return { field_key: fieldKey, file_name: `${fieldKey}.pdf`, size: 2048 };
      })
      .on(removeKycDocument, (call) => {
        const { field_key } = call.body as { field_key: string };
        state = { ...state, documents: state.documents.filter((d) => d.field_key !== field_key) };
        return undefined;
      });
    renderFlow();
    await screen.findByRole('heading', { name: 'Attachment' });
    expect(screen.queryByText(MISSING, { exact: false })).toBeNull();

    await submitWithTerms();
    expect(
      await screen.findByText(
        `${MISSING} FEIN, tax or business registration copy, Driving licence or passport, ID or residency copy.`,
      ),
    ).toBeTruthy();

    uploadFile('passport');
    expect(
      await screen.findByText(`${MISSING} FEIN, tax or business registration copy, ID or residency copy.`),
    ).toBeTruthy();
    uploadFile('registration_number');
    expect(await screen.findByText(`${MISSING} ID or residency copy.`)).toBeTruthy();

    // Removing a document puts it back on the list; with all three there, the list goes.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Driving licence or passport' }));
    expect(
      await screen.findByText(`${MISSING} Driving licence or passport, ID or residency copy.`),
    ).toBeTruthy();
    uploadFile('passport');
    uploadFile('id_copy');
    await waitFor(() => expect(state.documents).toHaveLength(3));
    await waitFor(() => expect(screen.queryByText(MISSING, { exact: false })).toBeNull());
    expect(screen.getByText('id_copy.pdf', { exact: false })).toBeTruthy();
    expect(api.callsTo(submitKyc)).toHaveLength(1);
  });

  it('says why a submission failed for another reason', async () => {
    fakeApi()
      .on(getKyc, belgianKyc(['registration_number', 'passport', 'id_copy'].map(uploaded)))
      .once(submitKyc, fail('CONFLICT', 'Your KYC is under review.'));
    renderFlow();
    await screen.findByRole('heading', { name: 'Attachment' });
    await submitWithTerms();
    expect(await screen.findByText('Your KYC is under review.')).toBeTruthy();
    expect(screen.queryByText(MISSING, { exact: false })).toBeNull();
  });
});
