import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/auth-token';
import { buildCustomer } from '../../../test/customer-fixture';
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

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('checks the email address before calling the server', async () => {
    const fetchMock = answer(200, {});
    renderLogin();
    fillAndSubmit('not-an-email', 'Secret123');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the password is wrong", async () => {
    answer(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    renderLogin();
    fillAndSubmit('buyer@loupe.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect');
    expect(getToken()).toBeNull();
  });

  it('keeps the token and moves on after a successful login', async () => {
    answer(200, { access_token: 'tok_abc', customer: buildCustomer() });
    const onLoggedIn = renderLogin();
    fillAndSubmit('Buyer@Loupe.test', 'Loupe-demo-2026!');
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(getToken()).toBe('tok_abc');
    const body = JSON.parse(String(vi.mocked(fetch).mock.calls[0]![1]?.body));
    expect(body).toMatchObject({ email: 'buyer@loupe.test', password: 'Loupe-demo-2026!' });
  });

  it('asks for the SMS code when the phone is not verified yet', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/store/auth/token')
        ? new Response(
            JSON.stringify({
              code: 'PHONE_NOT_VERIFIED',
              message: 'Verify your mobile number first',
              details: { phone: '9820012345', country_code: '91' },
            }),
            { status: 403 },
          )
        : new Response(
            JSON.stringify({ statusCode: 200, resend_token: 'rt', expires_at: '', resend_after: '' }),
            { status: 200 },
          ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fillAndSubmit('new@loupe.test', 'Loupe-demo-2026!');
    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeTruthy();
    expect(screen.getByText('+91 9820012345')).toBeTruthy();
    expect(await screen.findByText('You can ask for a new code in 60 s')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/store/customers/sms/otp/send'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });
});
