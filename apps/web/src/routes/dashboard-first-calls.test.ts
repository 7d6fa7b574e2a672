import { listAppointments } from '@loupe/contract/appointments';
import { type Customer, getMe } from '@loupe/contract/customers';
import { listOrders } from '@loupe/contract/orders';
import { listSavedSearches } from '@loupe/contract/saved-searches';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KYC_APPROVED_KEY, setToken, TOKEN_KEY } from '../lib/auth-token';
import { type FirstCallsPlan, startFirstCalls } from '../lib/first-calls';
import { buildCustomer } from '../test/customer-fixture';
import { fail, fakeApi } from '../test/fake-api';
import { prefetchDashboard } from './dashboard';
import { dashboardFirstCalls } from './dashboard-first-calls';

/** The dashboard's API as the server answers a customer of this KYC status. */
function dashboardApi(kyc: Customer['kyc']) {
  return fakeApi()
    .on(getMe, { customer: buildCustomer({ kyc }) })
    .on(listOrders, { orders: [], count: 0 })
    .on(listSavedSearches, { saved_searches: [], count: 0 })
    .on(listAppointments, () =>
      kyc.status === 'approved'
        ? { data: { upcoming: [], history: [] } }
        : fail('KYC_REQUIRED', 'Please complete your KYC to book appointments.'),
    );
}

/** The index page's start script's plan on the dashboard, as app/first-calls-plan.ts makes it. */
const plan = (): FirstCallsPlan => ({
  tokenKey: TOKEN_KEY,
  approvedKey: KYC_APPROVED_KEY,
  screens: [{ paths: ['/v2'], modules: [], styles: [], ...dashboardFirstCalls() }],
});

/** A full load of the dashboard: the index page's start script, then the app's own start. */
async function loadDashboard(api: ReturnType<typeof dashboardApi>, expectedCalls: number) {
  startFirstCalls(plan());
  prefetchDashboard(new QueryClient());
  await vi.waitFor(() => expect(api.calls).toHaveLength(expectedCalls));
  // Whatever else was to come has had its turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const approved = { status: 'approved', banner_key: null } as const;
const notStarted = { status: 'not_started', banner_key: null } as const;

describe('the dashboard’s first data', () => {
  beforeEach(() => setToken('session-token'));

  it('is in the cache when its prefetch settles, the appointments of an approved customer too (the first render waits for it)', async () => {
    let answerOrders: () => void = () => undefined;
    const ordersHeld = new Promise<void>((resolve) => (answerOrders = resolve));
    dashboardApi(approved).on(listOrders, async () => {
      await ordersHeld;
      return { orders: [], count: 0 };
    });
    const client = new QueryClient();
    let done = false;
    const prefetched = Promise.resolve(prefetchDashboard(client)).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    answerOrders();
    await prefetched;
    // The customer, the orders card's two lists, the saved searches and the appointments.
    const queries = client.getQueryCache().getAll();
    expect(queries.map((query) => query.state.status)).toEqual(Array(5).fill('success'));
  });
});

describe('the dashboard’s first calls', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/v2');
    setToken('session-token');
  });
  afterEach(() => Reflect.deleteProperty(window, '__loupeFirstCalls'));

  it('are the calls a fresh load of the dashboard makes for an approved customer, so the client takes their answers', async () => {
    const api = dashboardApi(approved);
    prefetchDashboard(new QueryClient());
    await vi.waitFor(() => expect(api.calls).toHaveLength(5));
    const { calls, approvedCalls } = dashboardFirstCalls();
    expect(api.calls.map((sent) => sent.url).sort()).toEqual([...calls, ...approvedCalls].sort());
  });

  it('never ask a customer who is not KYC approved for the appointments, which they would be refused', async () => {
    const api = dashboardApi(notStarted);
    await loadDashboard(api, 4);
    expect(api.callsTo(listAppointments)).toHaveLength(0);
    expect(api.calls.map((sent) => sent.url).sort()).toEqual(dashboardFirstCalls().calls.sort());
    // The next load too.
    await loadDashboard(api, 8);
    expect(api.callsTo(listAppointments)).toHaveLength(0);
  });

  it('ask for an approved customer’s appointments at the page’s start, once the app has seen the approval', async () => {
    const api = dashboardApi(approved);
    // A browser the customer never used: the app learns the approval from the customer's answer.
    await loadDashboard(api, 5);
    expect(api.callsTo(listAppointments)).toHaveLength(1);
    // Next load: the start script sends all five at once, and the app takes their answers.
    Reflect.deleteProperty(window, '__loupeFirstCalls');
    startFirstCalls(plan());
    expect(
      api.calls
        .slice(5)
        .map((sent) => sent.url)
        .sort(),
    ).toEqual([...dashboardFirstCalls().calls, ...dashboardFirstCalls().approvedCalls].sort());
    prefetchDashboard(new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(10);
  });
});
