import { login, sendPasswordResetOtp, verifySmsOtp } from '@loupe/contract/auth';
import { getMe, getProfilePhoto } from '@loupe/contract/customers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callBlob } from './api-client';
import { ApiError } from './api-error';
import { getToken, setToken } from './auth-token';
import { NETWORK_ERROR_MESSAGE } from './error-text';
import { onSessionEvent } from './session-events';

function stubFetch(status: number, body?: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function authorizationOf(fetchMock: { mock: { calls: unknown[][] } }): string | undefined {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('fills path parameters and sends the JSON body', async () => {
    const fetchMock = stubFetch(200, {
      statusCode: 200,
      resend_token: 'rt',
      expires_at: 'x',
      resend_after: 'y',
    });
    await call(sendPasswordResetOtp, { params: { query: 'email' }, body: { email: 'a@b.co' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/store/customers/email/password-reset-otp/send');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.co' });
  });

  it('sends the session token only to authenticated routes', async () => {
    setToken('session-token');
    const fetchMock = stubFetch(200, { customer: {} });
    await call(getMe);
    expect(authorizationOf(fetchMock)).toBe('Bearer session-token');

    stubFetch(200, { access_token: 't', customer: {} });
    const loginFetch = vi.mocked(fetch);
    await call(login, { body: { email: 'a@b.co', password: 'x' } });
    expect(authorizationOf(loginFetch)).toBeUndefined();
  });

  it('sends a resend token as the bearer when asked', async () => {
    const fetchMock = stubFetch(200, { statusCode: 200, is_phone_verified: true });
    await call(verifySmsOtp, { body: { otp: '123456' }, bearer: 'resend-123' });
    expect(authorizationOf(fetchMock)).toBe('Bearer resend-123');
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    stubFetch(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    const error = await call(login, { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Email or password is incorrect',
    });
  });

  it('keeps validation details for field messages', async () => {
    const details = [{ path: 'email', message: 'Enter a valid email address' }];
    stubFetch(400, { code: 'VALIDATION_FAILED', message: 'Invalid data', details });
    await expect(call(login, { body: { email: 'x', password: 'y' } })).rejects.toMatchObject({ details });
  });

  it('gives a generic error when the answer is not the error format', async () => {
    stubFetch(502, '<html>Bad gateway</html>', 'text/html');
    await expect(call(getMe)).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
  });

  it('reports a network failure as no internet connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(getMe)).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});

describe('ended sessions', () => {
  it('410 announces a log-out of all devices and keeps the token until acknowledged', async () => {
    setToken('old-token');
    const ended = vi.fn();
    const stop = onSessionEvent('session-ended-everywhere', ended);
    stubFetch(410, { code: 'SESSION_ENDED_EVERYWHERE', message: 'Logged out everywhere' });
    await expect(call(getMe)).rejects.toMatchObject({ status: 410 });
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old-token');
  });

  it('419 drops the token straight away', async () => {
    setToken('old-token');
    const loggedOut = vi.fn();
    const stop = onSessionEvent('session-logged-out', loggedOut);
    stubFetch(419, { code: 'SESSION_LOGGED_OUT', message: 'Session expired' });
    await expect(call(getMe)).rejects.toMatchObject({ status: 419 });
    stop();
    expect(getToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('a 401 on the login form is a wrong password, not an ended session', async () => {
    setToken('kept');
    stubFetch(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    await expect(call(login, { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('kept');
  });
});

describe('callBlob', () => {
  it('answers null when there is no profile photo', async () => {
    setToken('t');
    stubFetch(404, { code: 'NOT_FOUND', message: 'No photo' });
    await expect(callBlob(getProfilePhoto, { query: { size: 32 } })).resolves.toBeNull();
  });

  it('asks for the 32 px photo with the bearer', async () => {
    setToken('t');
    const fetchMock = stubFetch(200, 'PNGDATA', 'image/png');
    const blob = await callBlob(getProfilePhoto, { query: { size: 32 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/store/customers/me/profile-photo?size=32');
    expect(authorizationOf(fetchMock)).toBe('Bearer t');
    expect(await blob?.text()).toBe('PNGDATA');
  });
});
