import { listAppointments } from '@loupe/contract/appointments';
import { getMe } from '@loupe/contract/customers';
import { requestLine } from '@loupe/contract/request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer } from '../test/customer-fixture';
import { fakeApi } from '../test/fake-api';
import { call } from './api-client';
import { clearToken, KYC_APPROVED_KEY, noteKycApproved, setToken, TOKEN_KEY } from './auth-token';
import { type FirstCallsPlan, startFirstCalls } from './first-calls';

const plan: FirstCallsPlan = {
  tokenKey: TOKEN_KEY,
  approvedKey: KYC_APPROVED_KEY,
  screens: [
    {
      paths: ['/v2'],
      modules: ['/assets/screen.js'],
      styles: ['/assets/screen.css'],
      calls: [requestLine(getMe).url],
      approvedCalls: [requestLine(listAppointments).url],
    },
  ],
};

describe('first calls', () => {
  beforeEach(() => window.history.replaceState(null, '', '/v2'));
  afterEach(() => {
    Reflect.deleteProperty(window, '__loupeFirstCalls');
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it('sends the screen’s calls with the stored session, and the client takes the answer instead of asking again', async () => {
    setToken('session-token');
    const api = fakeApi().on(getMe, { customer: buildCustomer({ first_name: 'Asha' }) });
    startFirstCalls(plan);
    expect(api.callsTo(getMe)).toHaveLength(1);
    expect(api.callsTo(getMe)[0]?.headers.authorization).toBe('Bearer session-token');

    const { customer } = await call(getMe);
    expect(customer.first_name).toBe('Asha');
    expect(api.callsTo(getMe)).toHaveLength(1);
    // Taken once: anyone later asks afresh.
    await call(getMe);
    expect(api.callsTo(getMe)).toHaveLength(2);
  });

  it('sends the calls only an approved customer may make only while the app has noted the approval', () => {
    setToken('session-token');
    const api = fakeApi()
      .on(getMe, { customer: buildCustomer() })
      .on(listAppointments, { data: { upcoming: [], history: [] } });
    startFirstCalls(plan);
    expect(api.callsTo(listAppointments)).toHaveLength(0);
    noteKycApproved(true);
    startFirstCalls(plan);
    expect(api.callsTo(listAppointments)).toHaveLength(1);
    noteKycApproved(false);
    startFirstCalls(plan);
    expect(api.callsTo(listAppointments)).toHaveLength(1);
    // The note goes with the session: the next customer in this browser starts without it.
    noteKycApproved(true);
    clearToken();
    setToken('next-session-token');
    startFirstCalls(plan);
    expect(api.callsTo(listAppointments)).toHaveLength(1);
    expect(api.callsTo(getMe)).toHaveLength(4);
  });

  it('preloads the screen’s code and styles', () => {
    setToken('session-token');
    fakeApi().on(getMe, { customer: buildCustomer() });
    startFirstCalls(plan);
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['modulepreload', '/assets/screen.js'],
      ['preload', '/assets/screen.css'],
    ]);
  });

  it('sends nothing without a stored session, or on a screen the plan does not name', () => {
    const api = fakeApi();
    startFirstCalls(plan);
    setToken('session-token');
    window.history.replaceState(null, '', '/v2/my-cart');
    startFirstCalls(plan);
    expect(api.calls).toHaveLength(0);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('leaves an answer asked with another session to be asked again', async () => {
    setToken('earlier-token');
    const api = fakeApi().on(getMe, { customer: buildCustomer() });
    startFirstCalls(plan);
    setToken('session-token');
    await call(getMe);
    expect(api.callsTo(getMe).map((sent) => sent.headers.authorization)).toEqual([
      'Bearer earlier-token',
      'Bearer session-token',
    ]);
  });
});
