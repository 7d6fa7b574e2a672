import { notifySales } from '@loupe/contract/customers';
import {
  downloadKycForm,
  getKyc,
  type KycState,
  removeKycDocument,
  requestKycCallback,
  resendOrEditKycEmailOtp,
  restartKyc,
  saveKycStep,
  sendKycEmailOtp,
  submitKyc,
  uploadKycDocument,
  verifyKycEmailOtp,
} from '@loupe/contract/kyc';
import type { KycCountry } from '@loupe/contract/kyc-fields';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshCustomer } from '../../../domain/customer/customer-cache';
import { call, callBlob, callUpload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export const kycKeys = {
  all: ['kyc'] as const,
  state: () => [...kycKeys.all, 'state'] as const,
};

export function useKyc() {
  return useQuery({
    queryKey: kycKeys.state(),
    queryFn: ({ signal }) => call(getKyc, { signal }),
    staleTime: 0,
  });
}

/** A call answered the whole KYC: keep it, and let the customer (status, banner) catch up. */
function useKeepState() {
  const client = useQueryClient();
  return (state: KycState) => {
    client.setQueryData(kycKeys.state(), state);
    void refreshCustomer(client);
  };
}

function refreshKyc(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: kycKeys.state() }), refreshCustomer(client)]);
}

export interface FormChoice {
  country: KycCountry;
  offline: boolean;
}

export function useSaveStep() {
  const keep = useKeepState();
  return useMutation({
    mutationFn: (input: FormChoice & { n: number; data: Record<string, unknown> }) =>
      call(saveKycStep, {
        params: { n: input.n },
        query: { entry_point: 'KYC_Top_Button' },
        body: { country: input.country, offline: input.offline, data: input.data },
      }),
    onSuccess: keep,
  });
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: FormChoice & { fieldKey: string; file: File; onProgress: (share: number) => void },
    ) => {
      const formData = new FormData();
      // The text fields go before the file: the server reads them first.
      formData.append('country', input.country);
      formData.append('offline', String(input.offline));
      formData.append('field_key', input.fieldKey);
      formData.append('file', input.file);
      return callUpload(uploadKycDocument, { formData, onProgress: input.onProgress });
    },
    onSuccess: () => refreshKyc(client),
  });
}

export function useRemoveDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FormChoice & { fieldKey: string }) =>
      call(removeKycDocument, {
        body: { country: input.country, offline: input.offline, field_key: input.fieldKey },
      }),
    onSuccess: () => refreshKyc(client),
  });
}

export function useSubmitKyc() {
  const client = useQueryClient();
  const keep = useKeepState();
  return useMutation({
    mutationFn: (input: FormChoice) => call(submitKyc, { body: { ...input, terms_accepted: true } }),
    onSuccess: keep,
    // A refusal lists what is missing by the server's state: the form's catches up with it.
    onError: () => refreshKyc(client),
  });
}

export function useRestartKyc() {
  const keep = useKeepState();
  return useMutation({ mutationFn: () => call(restartKyc), onSuccess: keep });
}

export async function downloadForm(country: KycCountry) {
  const blob = await callBlob(downloadKycForm, { params: { country } });
  if (blob) saveBlob(blob, `loupe-kyc-form-${country}.pdf`);
}

export function sendEmailCode() {
  return call(sendKycEmailOtp, { query: { event_type: 'KYC', entry_point: 'KYC_Top_Button' } });
}

export function resendEmailCode(token: string, email?: string) {
  return call(resendOrEditKycEmailOtp, { body: { token, ...(email ? { email } : {}) } });
}

export function useVerifyEmailCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; otp: string }) => call(verifyKycEmailOtp, { body: input }),
    onSuccess: () => refreshKyc(client),
  });
}

export function useKycCallback() {
  return useMutation({ mutationFn: () => call(requestKycCallback) });
}

/** "Notify Sales": the KAM hears that the customer wants help with KYC. */
export function useNotifySales() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(notifySales), onSuccess: () => refreshCustomer(client) });
}
