import { login } from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import { uploadKycDocument } from '@loupe/contract/kyc';
import { describe, expect, it } from 'vitest';
import { call, callUpload } from '../lib/api-client';
import { buildCustomer } from './customer-fixture';
import { fail, fakeApi, takeFakeApiProblems } from './fake-api';

// The fake API fails a test whose calls or answers leave the contract; these tests read the
// problems themselves (and so clear them) to show it does.
describe('the fake API holds tests to the contract', () => {
  it('refuses a request body the contract does not take', async () => {
    fakeApi().on(login, { access_token: 't', customer: buildCustomer() });
    await expect(call(login, { body: { email: 'not-an-email', password: 'x' } })).rejects.toMatchObject({
      status: 0,
    });
    expect(takeFakeApiProblems()).toEqual([
      expect.stringContaining(`${login.method} ${login.path}: the request body breaks the contract: email`),
    ]);
  });

  it('refuses a fake answer the contract would not send', async () => {
    fakeApi().on(getMe, { customer: { ...buildCustomer(), kyc: 'approved' } } as never);
    await expect(call(getMe)).rejects.toBeTruthy();
    expect(takeFakeApiProblems()).toEqual([
      expect.stringContaining('the fake answer breaks the contract: customer.kyc'),
    ]);
  });

  it('refuses a call nobody answers', async () => {
    fakeApi();
    await expect(call(getMe)).rejects.toBeTruthy();
    expect(takeFakeApiProblems()).toEqual([`No fake answer for ${getMe.method} ${getMe.path}`]);
  });

  it("answers an upload sent by XMLHttpRequest, held to the route's one file and its fields", async () => {
    fakeApi().on(uploadKycDocument, { field_key: 'passport', file_name: 'passport.pdf', size: 3 });
    const form = (files: number, fieldKey = 'passport') => {
      const formData = new FormData();
      formData.append('country', 'belgium');
      formData.append('offline', 'false');
      formData.append('field_key', fieldKey);
      for (let i = 0; i < files; i++) formData.append('file', new File(['pdf'], 'passport.pdf'));
      return formData;
    };
    await expect(callUpload(uploadKycDocument, { formData: form(1) })).resolves.toMatchObject({
      field_key: 'passport',
    });
    expect(takeFakeApiProblems()).toEqual([]);
    await expect(callUpload(uploadKycDocument, { formData: form(2) })).rejects.toBeTruthy();
    await expect(callUpload(uploadKycDocument, { formData: form(1, '') })).rejects.toBeTruthy();
    expect(takeFakeApiProblems()).toEqual([
      expect.stringContaining('the upload sent 2 files in "file", not one'),
      expect.stringContaining("the upload's fields break the contract: field_key"),
    ]);
  });

  it('answers an error with the status the contract gives its code', async () => {
    fakeApi().on(getMe, fail('SESSION_LOGGED_OUT', 'Session expired'));
    await expect(call(getMe)).rejects.toMatchObject({ status: 419, code: 'SESSION_LOGGED_OUT' });
    expect(takeFakeApiProblems()).toEqual([]);
  });
});
