import { changePassword, login } from '@loupe/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { CurrentCustomerContext } from '../domain/customer/current-customer';
import { LOGIN_NOTICE_KEY } from '../features/auth/api/login-notice';
import { getToken, setToken } from '../lib/auth-token';
import { buildCustomer } from '../test/customer-fixture';
import { fail, fakeApi } from '../test/fake-api';
import { LoginRoute } from './login';
import { MyAccountRoute } from './my-account';

const CHANGED = 'Your password has been changed. Log in with your new password.';

function renderAccount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/v2/my-account?path=change-password']}>
        <Routes>
          <Route
            path={paths.myAccount.pattern}
            element={
              <CurrentCustomerContext value={buildCustomer()}>
                <MyAccountRoute />
              </CurrentCustomerContext>
            }
          />
          <Route path={paths.login.pattern} element={<LoginRoute />} />
          <Route path={paths.dashboard.pattern} element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function submitChange(current: string, next: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: next } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('[ACCOUNT] change password (domain-facts §9: the user is logged out afterwards)', () => {
  it('logs this device out and opens the login page, which says why until the next login', async () => {
    setToken('tok_before');
    const api = fakeApi().on(changePassword, undefined);
    renderAccount();
    submitChange('Old-pass-2026', 'New-pass-2027');

    expect((await screen.findByRole('status')).textContent).toBe(CHANGED);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(api.callsTo(changePassword)[0]?.body).toEqual({
      password: 'Old-pass-2026',
      new_password: 'New-pass-2027',
      confirm_password: 'New-pass-2027',
    });

    // The next login ends the notice.
    api.on(login, { access_token: 'tok_after', customer: buildCustomer() });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'buyer@loupe.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'New-pass-2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(getToken()).toBe('tok_after');
    expect(window.sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBeNull();
  });

  it('a refused change keeps the customer signed in, with the reason at the field', async () => {
    setToken('tok_before');
    fakeApi().on(changePassword, fail('PASSWORD_MISMATCH', 'The current password is not correct.'));
    renderAccount();
    submitChange('Wrong-pass-2026', 'New-pass-2027');

    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(getToken()).toBe('tok_before');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });
});
