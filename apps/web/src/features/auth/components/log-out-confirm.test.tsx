import { logout, logoutAll } from '@loupe/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { fakeApi } from '../../../test/fake-api';
import { LOG_OUT_ALL_TITLE, useLogOutWithConfirm } from './log-out-confirm';

function Buttons() {
  const { logOut, dialog } = useLogOutWithConfirm();
  return (
    <>
      <button type="button" onClick={() => logOut('this-device')}>
        This device
      </button>
      <button type="button" onClick={() => logOut('all-devices')}>
        All devices
      </button>
      {dialog}
    </>
  );
}

function renderButtons() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Buttons />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('log out', () => {
  it('asks before logging out of all devices, and Cancel ends nothing', async () => {
    setToken('session');
    const api = fakeApi().on(logoutAll, undefined);
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'All devices' }));
    const dialog = await screen.findByRole('dialog', { name: LOG_OUT_ALL_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'All devices' }));
    const again = await screen.findByRole('dialog', { name: LOG_OUT_ALL_TITLE });
    fireEvent.click(within(again).getByRole('button', { name: 'Logout all devices' }));
    await expect.poll(() => api.callsTo(logoutAll).length).toBe(1);
  });

  it('logs out of this device at once', async () => {
    setToken('session');
    const api = fakeApi().on(logout, undefined);
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'This device' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => api.callsTo(logout).length).toBe(1);
  });
});
