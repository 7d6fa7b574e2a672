import { type Customer, getMe, updateMe } from '@loupe/contract/customers';
import { getWebPushKey, listNotices } from '@loupe/contract/notices';
import { sideBarConfig } from '@loupe/contract/portal';
import type { MaintenanceModeEvent } from '@loupe/contract/realtime';
import { getTourGuide, noFeatureViews } from '@loupe/contract/tour';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { buildCustomer } from '../../test/customer-fixture';
import { fakeApi } from '../../test/fake-api';
import { fakeSocket as socket } from '../../test/fake-socket';
import { AppShell } from './app-shell';

/**
 * The default namespace's connection as the shell sees it: the test delivers what the server
 * sends (typed by the contract's event map).
 */
vi.mock('../../lib/realtime', async () => {
  const { fakeSocket } = await import('../../test/fake-socket');
  return { realtimeSocket: () => fakeSocket };
});

const serverSends = (event: MaintenanceModeEvent) => act(() => socket.deliver('maintenance_mode', event));

/** A day from now, to the second (an end already passed is maintenance off). */
const END = new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000).toISOString();
const inMaintenance = (end = END) => buildCustomer({ maintenance_mode: { end_date: end } });

/** The shell on the dashboard, signed in, the customer as `me` answers it. */
function renderShell(me: () => Customer) {
  setToken('session-token');
  const api = fakeApi()
    .on(getMe, () => ({ customer: me() }))
    .on(sideBarConfig, { items: [] })
    .on(listNotices, { notices: [], count: 0, unseen_count: 0 })
    .on(getWebPushKey, { vapid_public_key: null })
    .on(getTourGuide, { main_tour_status: 'completed', feature_views: noFeatureViews() })
    // The shell notes the browser's location on the customer.
    .on(updateMe, () => ({ customer: me() }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/v2/my-orders']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/v2/my-orders" element={<h1>Your Orders</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const maintenanceView = () => screen.queryByRole('region', { name: 'Scheduled maintenance' });

afterEach(() => {
  vi.useRealTimers();
});

describe('AppShell: the maintenance view of an open tab (spec §4)', () => {
  it('switches to the maintenance view when the sales team turns maintenance on, and back when off', async () => {
    let customer = buildCustomer();
    const api = renderShell(() => customer);
    expect(await screen.findByRole('heading', { name: 'Your Orders' })).toBeTruthy();
    const asked = api.callsTo(getMe).length;

    customer = inMaintenance();
    serverSends({ end_date: END });
    expect(await screen.findByRole('region', { name: 'Scheduled maintenance' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Orders' })).toBeNull();
    expect(api.callsTo(getMe).length).toBe(asked + 1);

    customer = buildCustomer();
    serverSends({ end_date: null });
    expect(await screen.findByRole('heading', { name: 'Your Orders' })).toBeTruthy();
    expect(maintenanceView()).toBeNull();
  });

  it('asks again only when the state the server tells (also at each connection) differs from the one shown', async () => {
    let customer = buildCustomer();
    const api = renderShell(() => customer);
    expect(await screen.findByRole('heading', { name: 'Your Orders' })).toBeTruthy();
    const asked = api.callsTo(getMe).length;

    // As the tab connects the server tells it the state: off, as shown, so nothing is asked.
    serverSends({ end_date: null });
    // So is an end already passed.
    serverSends({ end_date: new Date(Date.now() - 60_000).toISOString() });
    expect(api.callsTo(getMe).length).toBe(asked);

    // Switched on while the tab was loading (after it read the customer): told at its connection.
    customer = inMaintenance();
    serverSends({ end_date: END });
    expect(await screen.findByRole('region', { name: 'Scheduled maintenance' })).toBeTruthy();
    expect(api.callsTo(getMe).length).toBe(asked + 1);
    serverSends({ end_date: END });
    expect(api.callsTo(getMe).length).toBe(asked + 1);
  });

  it('gives the page back when the maintenance end arrives, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const end = new Date(Date.now() + 60_000).toISOString();
    let customer = inMaintenance(end);
    const api = renderShell(() => customer);
    expect(await screen.findByRole('region', { name: 'Scheduled maintenance' })).toBeTruthy();
    const asked = api.callsTo(getMe).length;

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(api.callsTo(getMe).length).toBe(asked);
    // Just past the end it asks again; a server whose clock is behind still answers maintenance.
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(api.callsTo(getMe).length).toBe(asked + 1);
    expect(maintenanceView()).toBeTruthy();

    // A few seconds on, the server has passed the end too: no maintenance.
    customer = buildCustomer();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('heading', { name: 'Your Orders' })).toBeTruthy();
    expect(maintenanceView()).toBeNull();
    expect(api.callsTo(getMe).length).toBe(asked + 2);
  });
});
