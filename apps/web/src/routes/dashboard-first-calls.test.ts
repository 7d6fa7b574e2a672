import { listAppointments } from '@loupe/contract/appointments';
import { getMe } from '@loupe/contract/customers';
import { listOrders } from '@loupe/contract/orders';
import { listSavedSearches } from '@loupe/contract/saved-searches';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/auth-token';
import { buildCustomer } from '../test/customer-fixture';
import { fakeApi } from '../test/fake-api';
import { prefetchDashboard } from './dashboard';
import { dashboardFirstCalls } from './dashboard-first-calls';

describe('the dashboard’s first calls', () => {
  it('are the calls a fresh load of the dashboard makes for an approved customer, so the client takes their answers', async () => {
    setToken('session-token');
    const api = fakeApi()
      .on(getMe, { customer: buildCustomer({ kyc: { status: 'approved', banner_key: null } }) })
      .on(listOrders, { orders: [], count: 0 })
      .on(listSavedSearches, { saved_searches: [], count: 0 })
      .on(listAppointments, { data: { upcoming: [], history: [] } });
    prefetchDashboard(new QueryClient());
    await vi.waitFor(() => expect(api.calls).toHaveLength(5));
    expect(api.calls.map((sent) => sent.url).sort()).toEqual(dashboardFirstCalls().sort());
  });
});
