import { login, sendPasswordResetOtp, verifySmsOtp } from '@loupe/contract/auth';
import { getMe, getProfilePhoto } from '@loupe/contract/customers';
import { listStones } from '@loupe/contract/search';
import { describe, expect, it, vi } from 'vitest';
import { buildCustomer } from '../test/customer-fixture';
import { fail, fakeApi, offline, raw } from '../test/fake-api';
import { call, callBlob } from './api-client';
import { ApiError } from './api-error';
import { getToken, setToken } from './auth-token';
import { NETWORK_ERROR_MESSAGE } from './error-text';
import { onSessionEvent } from './session-events';

const codeSent = { statusCode: 200 as const, resend_token: 'rt', expires_at: 'x', resend_after: 'y' };
const loggedIn = () => ({ access_token: 't', customer: buildCustomer() });

describe('call', () => {
  it('fills path parameters and sends the JSON body', async () => {
    const api = fakeApi().on(sendPasswordResetOtp, codeSent);
    await call(sendPasswordResetOtp, { params: { query: 'email' }, body: { email: 'a@b.co' } });
    const [sent] = api.calls;
    expect(sent?.method).toBe('POST');
    expect(sent?.params).toEqual({ query: 'email' });
    expect(sent?.body).toEqual({ email: 'a@b.co' });
    expect(sent?.headers['content-type']).toBe('application/json');
  });

  it('sends the session token only to authenticated routes', async () => {
    setToken('session-token');
    const api = fakeApi().on(getMe, { customer: buildCustomer() }).on(login, loggedIn());
    await call(getMe);
    expect(api.callsTo(getMe)[0]?.headers.authorization).toBe('Bearer session-token');
    await call(login, { body: { email: 'a@b.co', password: 'x' } });
    expect(api.callsTo(login)[0]?.headers.authorization).toBeUndefined();
  });

  it('sends a resend token as the bearer when asked', async () => {
    const api = fakeApi().on(verifySmsOtp, { statusCode: 200, is_phone_verified: true });
    await call(verifySmsOtp, { body: { otp: '123456' }, bearer: 'resend-123' });
    expect(api.calls[0]?.headers.authorization).toBe('Bearer resend-123');
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    fakeApi().on(login, fail('INVALID_CREDENTIALS', 'Email or password is incorrect'));
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
    fakeApi().on(login, fail('VALIDATION_FAILED', 'Invalid data', details));
    await expect(call(login, { body: { email: 'a@b.co', password: 'y' } })).rejects.toMatchObject({
      details,
    });
  });

  it('gives a generic error when the answer is not the error format', async () => {
    fakeApi().on(getMe, raw(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(call(getMe)).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
  });

  it('reports a network failure as no internet connection', async () => {
    fakeApi().on(getMe, offline);
    await expect(call(getMe)).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});

describe('ended sessions', () => {
  it('410 announces a log-out of all devices and keeps the token until acknowledged', async () => {
    setToken('old-token');
    const ended = vi.fn();
    const stop = onSessionEvent('session-ended-everywhere', ended);
    fakeApi().on(getMe, fail('SESSION_ENDED_EVERYWHERE', 'Logged out everywhere'));
    await expect(call(getMe)).rejects.toMatchObject({ status: 410 });
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old-token');
  });

  it('419 drops the token straight away', async () => {
    setToken('old-token');
    const loggedOut = vi.fn();
    const stop = onSessionEvent('session-logged-out', loggedOut);
    fakeApi().on(getMe, fail('SESSION_LOGGED_OUT', 'Session expired'));
    await expect(call(getMe)).rejects.toMatchObject({ status: 419 });
    stop();
    expect(getToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it("a 401 on a search is that search's error and keeps the session (only 410 and 419 end it)", async () => {
    setToken('kept');
    const loggedOut = vi.fn();
    const stop = onSessionEvent('session-logged-out', loggedOut);
    fakeApi().on(listStones, fail('UNAUTHORIZED', 'Your daily search limit is used up.'));
    await expect(call(listStones, { query: { limit: 20, offset: 0 } })).rejects.toMatchObject({
      status: 401,
    });
    stop();
    expect(getToken()).toBe('kept');
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('a 401 on the session probe (an unknown token) ends the session', async () => {
    setToken('unknown');
    fakeApi().on(getMe, fail('UNAUTHORIZED', 'Please log in.'));
    await expect(call(getMe, { sessionProbe: true })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('a 401 on the login form is a wrong password, not an ended session', async () => {
    setToken('kept');
    fakeApi().on(login, fail('INVALID_CREDENTIALS', 'Email or password is incorrect'));
    await expect(call(login, { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('kept');
  });
});

describe('callBlob', () => {
  it('answers null when there is no profile photo', async () => {
    setToken('t');
    fakeApi().on(getProfilePhoto, fail('NOT_FOUND', 'No photo'));
    await expect(callBlob(getProfilePhoto, { query: { size: 32 } })).resolves.toBeNull();
  });

  it('asks for the 32 px photo with the bearer', async () => {
    setToken('t');
    const api = fakeApi().on(getProfilePhoto, raw(200, 'PNGDATA', 'image/png'));
    const blob = await callBlob(getProfilePhoto, { query: { size: 32 } });
    expect(api.calls[0]?.query).toEqual({ size: 32 });
    expect(api.calls[0]?.headers.authorization).toBe('Bearer t');
    expect(await blob?.text()).toBe('PNGDATA');
  });
});
