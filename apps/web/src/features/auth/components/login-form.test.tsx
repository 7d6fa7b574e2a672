import { login, sendSmsOtp } from '@loupe/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/auth-token';
import { buildCustomer } from '../../../test/customer-fixture';
import { fail, fakeApi } from '../../../test/fake-api';
import { LoginForm } from './login-form';

function renderLogin(onLoggedIn = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginForm onLoggedIn={onLoggedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onLoggedIn;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login form', () => {
  it('checks the email address before calling the server', async () => {
    const api = fakeApi();
    renderLogin();
    fillAndSubmit('not-an-email', 'Secret123');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's message when the password is wrong", async () => {
    fakeApi().on(login, fail('INVALID_CREDENTIALS', 'Email or password is incorrect'));
    renderLogin();
    fillAndSubmit('buyer@loupe.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect');
    expect(getToken()).toBeNull();
  });

  it('keeps the token and moves on after a successful login', async () => {
    const api = fakeApi().on(login, { access_token: 'tok_abc', customer: buildCustomer() });
    const onLoggedIn = renderLogin();
    fillAndSubmit('Buyer@Loupe.test', 'Loupe-demo-2026!');
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(getToken()).toBe('tok_abc');
    expect(api.callsTo(login)[0]?.body).toMatchObject({
      email: 'buyer@loupe.test',
      password: 'Loupe-demo-2026!',
    });
  });

  it('asks for the SMS code when the phone is not verified yet', async () => {
    const api = fakeApi()
      .on(
        login,
        fail('PHONE_NOT_VERIFIED', 'Verify your mobile number first', {
          phone: '9820012345',
          country_code: '91',
        }),
      )
      .on(sendSmsOtp, { statusCode: 200, resend_token: 'rt', expires_at: '', resend_after: '' });
    renderLogin();
    fillAndSubmit('new@loupe.test', 'Loupe-demo-2026!');
    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeTruthy();
    expect(screen.getByText('+91 9820012345')).toBeTruthy();
    expect(await screen.findByText('You can ask for a new code in 60 s')).toBeTruthy();
    expect(api.callsTo(sendSmsOtp)[0]?.body).toEqual({ phone: '9820012345', country_code: '91' });
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });
});
