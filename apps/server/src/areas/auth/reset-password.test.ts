import {
  login,
  resetPassword,
  sendPasswordResetOtp,
  sendSmsOtp,
  verifyPasswordResetOtp,
} from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { injectRoute } from '../../test/call-route.ts';
import {
  bearer,
  codeIn,
  createTestApp,
  json,
  latestMessage,
  logInAs,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new-Pass-7';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

const me = (token: string) => injectRoute(t.app, getMe, { headers: bearer(token) });

const logIn = (email: string, password: string) =>
  injectRoute(t.app, login, { rawBody: { email, password } });

// A test may name a channel the contract refuses (to see the 400): the channel goes as given.
type Channel = 'sms' | 'email';

const sendCode = (channel: string, payload: Record<string, string>) =>
  injectRoute(t.app, sendPasswordResetOtp, { params: { query: channel as Channel }, rawBody: payload });

const verifyCode = (channel: string, otp: string, resendToken: string) =>
  injectRoute(t.app, verifyPasswordResetOtp, {
    params: { query: channel as Channel },
    rawBody: { otp, resend_token: resendToken },
  });

const reset = (token: string, newPassword: string, confirm = newPassword) =>
  injectRoute(t.app, resetPassword, {
    rawBody: { token, new_password: newPassword, confirm_password: confirm },
  });

/** Walks the first two steps by email: the code arrives by email and turns into a reset token. */
async function resetTokenByEmail(c: Customer): Promise<string> {
  const sent = await sendCode('email', { email: c.email });
  expect(sent.statusCode).toBe(200);
  const mail = await latestMessage(t.app, c.email);
  expect(mail?.subject).toBe('Your Loupe password reset code');
  const verified = await verifyCode(
    'email',
    codeIn(mail?.body),
    json<{ resend_token: string }>(sent).resend_token,
  );
  expect(verified.statusCode).toBe(200);
  return json<{ token: string }>(verified).token;
}

describe('[AUTH] forgot password', () => {
  it('resets by email: the old password stops working, the new one works', async () => {
    const c = await createCustomer(t.deps.db);
    const sent = await sendCode('email', { email: c.email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toMatchObject({ statusCode: 200, resend_token: expect.any(String) });
    const mail = await latestMessage(t.app, c.email);
    const verified = await verifyCode(
      'email',
      codeIn(mail?.body),
      json<{ resend_token: string }>(sent).resend_token,
    );
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toEqual({ statusCode: 200, token: expect.any(String) });

    const res = await reset(json<{ token: string }>(verified).token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ statusCode: 200 });

    const old = await logIn(c.email, c.password);
    expect(old.statusCode).toBe(401);
    expect(json(old).code).toBe('INVALID_CREDENTIALS');
    expect((await me(await logInAs(t.app, c.email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('resets by SMS to "+<country code><phone>"', async () => {
    const c = await createCustomer(t.deps.db, { countryCode: '32', phone: '478555010' });
    const sent = await sendCode('sms', { phone: '478 555 010', country_code: '+32' });
    expect(sent.statusCode).toBe(200);
    const sms = await latestMessage(t.app, '+32478555010');
    expect(sms?.body).toMatch(/password reset code is \d{6}/);
    const verified = await verifyCode(
      'sms',
      codeIn(sms?.body),
      json<{ resend_token: string }>(sent).resend_token,
    );
    expect(verified.statusCode).toBe(200);
    expect((await reset(json<{ token: string }>(verified).token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await logIn(c.email, c.password)).statusCode).toBe(401);
    expect((await logIn(c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every existing session: their tokens answer 410', async () => {
    const c = await createCustomer(t.deps.db);
    const laptop = await logInAs(t.app, c.email, c.password);
    const phone = await logInAs(t.app, c.email, c.password);
    const token = await resetTokenByEmail(c);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    for (const old of [laptop, phone]) {
      const res = await me(old);
      expect(res.statusCode).toBe(410);
      expect(json(res).code).toBe('SESSION_ENDED_EVERYWHERE');
    }
  });

  it('refuses the current password as the new one, and the token still works with another', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await resetTokenByEmail(c);
    const same = await reset(token, c.password);
    expect(same.statusCode).toBe(400);
    expect(json(same).code).toBe('PASSWORD_REUSED');
    expect((await logIn(c.email, c.password)).statusCode).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak password and a mismatched confirmation, naming the field', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await resetTokenByEmail(c);
    for (const weak of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const res = await reset(token, weak);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'new_password' }] });
    }
    const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'confirm_password', message: 'The new passwords do not match' }],
    });
    // None of the refused attempts changed the password.
    expect((await logIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('accepts a reset token once only', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await resetTokenByEmail(c);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Pass-99');
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('OTP_EXPIRED');
    expect((await logIn(c.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up reset token', async () => {
    const res = await reset('made-up-reset-token', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_EXPIRED');
  });

  it('lets the verified reset lapse after 15 minutes', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await resetTokenByEmail(c);
    t.clock.advance(15 * 60_000 + 1000);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_EXPIRED');
  });

  it('refuses a wrong reset code and a code used for another purpose', async () => {
    const c = await createCustomer(t.deps.db);
    const sent = await sendCode('email', { email: c.email });
    const code = codeIn((await latestMessage(t.app, c.email))?.body);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await verifyCode('email', wrongCode, json<{ resend_token: string }>(sent).resend_token);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INVALID');

    // A phone-verification code cannot open a password reset.
    const u = await createCustomer(t.deps.db, { isPhoneVerified: false });
    const phoneCode = await injectRoute(t.app, sendSmsOtp, {
      rawBody: { phone: u.phone, country_code: u.countryCode },
    });
    const sms = await latestMessage(t.app, `+${u.countryCode}${u.phone}`);
    const cross = await verifyCode(
      'sms',
      codeIn(sms?.body),
      json<{ resend_token: string }>(phoneCode).resend_token,
    );
    expect(cross.statusCode).toBe(400);
    expect(json(cross).code).toBe('OTP_INVALID');
  });

  it('answers an email or number of no account exactly as one of an account, and sends nothing', async () => {
    const c = await createCustomer(t.deps.db);
    const known = await sendCode('email', { email: c.email });
    const byEmail = await sendCode('email', { email: 'nobody-here@example.test' });
    expect(byEmail.statusCode).toBe(known.statusCode);
    expect(Object.keys(json(byEmail)).sort()).toEqual(Object.keys(json(known)).sort());
    expect(await latestMessage(t.app, 'nobody-here@example.test')).toBeUndefined();
    const byPhone = await sendCode('sms', { phone: '470000002', country_code: '32' });
    expect(byPhone.statusCode).toBe(200);
    expect(await latestMessage(t.app, '+32470000002')).toBeUndefined();
    // No code fits, and a wrong one is refused as for any account.
    const guess = await verifyCode('email', '123456', json<{ resend_token: string }>(byEmail).resend_token);
    expect(guess.statusCode).toBe(400);
    expect(json(guess).code).toBe('OTP_INVALID');
    // Asking again too soon is refused alike.
    expect((await sendCode('email', { email: 'nobody-here@example.test' })).statusCode).toBe(
      (await sendCode('email', { email: c.email })).statusCode,
    );
  });

  it('refuses an unknown channel and a body that does not fit the channel with 400', async () => {
    const c = await createCustomer(t.deps.db);
    const fax = await sendCode('fax', { email: c.email });
    expect(fax.statusCode).toBe(400);
    expect(json(fax)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'query' }] });
    const faxVerify = await verifyCode('fax', '123456', 'token');
    expect(faxVerify.statusCode).toBe(400);
    expect(json(faxVerify).code).toBe('VALIDATION_FAILED');

    const phoneByEmail = await sendCode('email', { phone: c.phone, country_code: c.countryCode });
    expect(phoneByEmail.statusCode).toBe(400);
    expect(json(phoneByEmail).code).toBe('VALIDATION_FAILED');
    const emailBySms = await sendCode('sms', { email: c.email });
    expect(emailBySms.statusCode).toBe(400);
    expect(json(emailBySms).code).toBe('VALIDATION_FAILED');
    const badEmail = await sendCode('email', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(json(badEmail).code).toBe('VALIDATION_FAILED');
  });

  it('refuses a second code within 60 s', async () => {
    const c = await createCustomer(t.deps.db);
    expect((await sendCode('email', { email: c.email })).statusCode).toBe(200);
    const again = await sendCode('email', { email: c.email });
    expect(again.statusCode).toBe(429);
    expect(json(again).code).toBe('OTP_RESEND_TOO_SOON');
  });
});
