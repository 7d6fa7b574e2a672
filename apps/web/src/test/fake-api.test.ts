import { login } from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import { describe, expect, it } from 'vitest';
import { call } from '../lib/api-client';
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

  it('answers an error with the status the contract gives its code', async () => {
    fakeApi().on(getMe, fail('SESSION_LOGGED_OUT', 'Session expired'));
    await expect(call(getMe)).rejects.toMatchObject({ status: 419, code: 'SESSION_LOGGED_OUT' });
    expect(takeFakeApiProblems()).toEqual([]);
  });
});
