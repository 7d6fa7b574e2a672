import { login as loginRoute, sendSmsOtp, verifySmsOtp } from '@loupe/contract/auth';
import { register as registerRoute } from '@loupe/contract/customers';
import { devOutbox } from '@loupe/contract/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { injectRoute } from '../../test/call-route.ts';
import { bearer, codeIn, createTestApp, json, latestMessage, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

type OtpSent = { statusCode: 200; resend_token: string; expires_at: string; resend_after: string };

/** A customer who registered but has not verified the phone yet. */
const unverified = () => createCustomer(t.deps.db, { isPhoneVerified: false });

const send = (phone: string, countryCode: string, resendToken?: string) =>
  injectRoute(t.app, sendSmsOtp, {
    query: { entry_point: 'register' },
    rawBody: { phone, country_code: countryCode, ...(resendToken ? { resend_token: resendToken } : {}) },
  });

const verify = (resendToken: string, otp: string) =>
  injectRoute(t.app, verifySmsOtp, { headers: bearer(resendToken), rawBody: { otp } });

const logIn = (email: string, password: string) =>
  injectRoute(t.app, loginRoute, { rawBody: { email, password } });

async function sendAndRead(c: { phone: string; countryCode: string }, resendToken?: string) {
  const res = await send(c.phone, c.countryCode, resendToken);
  expect(res.statusCode).toBe(200);
  const sent = json<OtpSent>(res);
  const sms = await latestMessage(t.app, `+${c.countryCode}${c.phone}`);
  return { ...sent, code: codeIn(sms?.body) };
}

/** A 6-digit code guaranteed to differ from `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('[OTP] phone verification codes', () => {
  it('sends a 6-digit code by SMS to "+<country code><phone>" with a resend token and its times', async () => {
    const c = await unverified();
    const before = t.clock.now().getTime();
    const res = await send(c.phone, `+${c.countryCode}`);
    expect(res.statusCode).toBe(200);
    const body = json<OtpSent>(res);
    expect(body).toEqual({
      statusCode: 200,
      resend_token: expect.any(String),
      expires_at: new Date(before + 10 * MINUTE).toISOString(),
      resend_after: new Date(before + MINUTE).toISOString(),
    });
    const outbox = await injectRoute(t.app, devOutbox, { query: { to: `+${c.countryCode}${c.phone}` } });
    const [sms] = json<{ messages: { channel: string; to: string; body: string; subject: null }[] }>(
      outbox,
    ).messages;
    expect(sms).toMatchObject({ channel: 'sms', to: `+${c.countryCode}${c.phone}`, subject: null });
    expect(sms?.body).toMatch(/^\d{6} is your Loupe verification code/);
  });

  it('verifies the phone with the resend token as bearer: login answers 403 before and 200 after', async () => {
    const c = await unverified();
    const before = await logIn(c.email, c.password);
    expect(before.statusCode).toBe(403);
    expect(json(before).code).toBe('PHONE_NOT_VERIFIED');

    const { resend_token, code } = await sendAndRead(c);
    const res = await verify(resend_token, code);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ statusCode: 200, is_phone_verified: true });

    const after = await logIn(c.email, c.password);
    expect(after.statusCode).toBe(200);
    expect(json<{ customer: { is_phone_verified: boolean } }>(after).customer.is_phone_verified).toBe(true);
  });

  it('also accepts the resend token in the body', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    const res = await injectRoute(t.app, verifySmsOtp, { rawBody: { otp: code, resend_token } });
    expect(res.statusCode).toBe(200);
    expect((await logIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('refuses a verify without any resend token', async () => {
    const c = await unverified();
    const { code } = await sendAndRead(c);
    const res = await injectRoute(t.app, verifySmsOtp, { rawBody: { otp: code } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INVALID');
  });

  it('accepts a code only once', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    expect((await verify(resend_token, code)).statusCode).toBe(200);
    const again = await verify(resend_token, code);
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('OTP_INVALID');
  });

  it('refuses a wrong code, saying how many tries are left, and still accepts the right one', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    const miss = await verify(resend_token, wrong(code));
    expect(miss.statusCode).toBe(400);
    expect(json(miss)).toEqual({ code: 'OTP_INVALID', message: expect.stringContaining('4 tries left') });
    expect((await verify(resend_token, code)).statusCode).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    t.clock.advance(10 * MINUTE + 1000);
    const res = await verify(resend_token, code);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_EXPIRED');
    expect((await logIn(c.email, c.password)).statusCode).toBe(403);
  });

  it('still accepts a code just before the 10 minutes are over', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await verify(resend_token, code)).statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries: the 5th wrong and then even the right code are refused', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(resend_token, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('OTP_INVALID');
    }
    const fifth = await verify(resend_token, wrong(code));
    expect(fifth.statusCode).toBe(400);
    expect(json(fifth).code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const right = await verify(resend_token, code);
    expect(right.statusCode).toBe(400);
    expect(json(right).code).toBe('OTP_TOO_MANY_ATTEMPTS');
    expect((await logIn(c.email, c.password)).statusCode).toBe(403);

    // A new code after the resend wait works again.
    t.clock.advance(MINUTE + 1000);
    const fresh = await sendAndRead(c, resend_token);
    expect((await verify(fresh.resend_token, fresh.code)).statusCode).toBe(200);
  });

  it('refuses a new code within 60 s and allows it after; a resend keeps the token and kills the older code', async () => {
    const c = await unverified();
    const first = await sendAndRead(c);

    t.clock.advance(30_000);
    const tooSoon = await send(c.phone, c.countryCode, first.resend_token);
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon).code).toBe('OTP_RESEND_TOO_SOON');
    // Without a resend token the wait applies just the same.
    expect(json(await send(c.phone, c.countryCode)).code).toBe('OTP_RESEND_TOO_SOON');

    t.clock.advance(31_000);
    const second = await sendAndRead(c, first.resend_token);
    expect(second.resend_token).toBe(first.resend_token);
    expect(second.code).toMatch(/^\d{6}$/);

    if (second.code !== first.code) {
      const old = await verify(first.resend_token, first.code);
      expect(old.statusCode).toBe(400);
      expect(json(old).code).toBe('OTP_INVALID');
    }
    expect((await verify(second.resend_token, second.code)).statusCode).toBe(200);
  });

  it('ends the older code when a new one is asked for without the resend token', async () => {
    const c = await unverified();
    const first = await sendAndRead(c);
    t.clock.advance(MINUTE + 1000);
    const second = await sendAndRead(c);
    expect(second.resend_token).not.toBe(first.resend_token);
    const old = await verify(first.resend_token, first.code);
    expect(old.statusCode).toBe(400);
    expect(json(old).code).toBe('OTP_INVALID');
    expect((await verify(second.resend_token, second.code)).statusCode).toBe(200);
  });

  it('answers 404 for a number that belongs to no account and sends nothing', async () => {
    const res = await send('470000001', '32');
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
    expect(await latestMessage(t.app, '+32470000001')).toBeUndefined();
  });

  it('refuses a badly formed phone number or code with VALIDATION_FAILED and details', async () => {
    const res = await send('12ab', '91');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'phone', message: expect.any(String) }],
    });
    const badCountry = await send('9820012345', '+91x');
    expect(badCountry.statusCode).toBe(400);
    expect(json(badCountry)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'country_code' }],
    });
    const badCode = await verify('some-token', '12345');
    expect(badCode.statusCode).toBe(400);
    expect(json(badCode)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'otp' }] });
  });

  it('answers OTP_INVALID for a made-up resend token', async () => {
    const res = await verify('made-up-resend-token', '123456');
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INVALID');
  });

  it('limits one number to 10 code requests a minute (429 RATE_LIMITED), however the clock of codes moves', async () => {
    const c = await unverified();
    for (let i = 0; i < 10; i++) {
      const res = await send(c.phone, c.countryCode);
      expect(res.statusCode).toBe(200);
      t.clock.advance(MINUTE + 1000);
    }
    const eleventh = await send(c.phone, c.countryCode);
    expect(eleventh.statusCode).toBe(429);
    expect(json(eleventh).code).toBe('RATE_LIMITED');
    // Another number is not affected.
    const other = await unverified();
    expect((await send(other.phone, other.countryCode)).statusCode).toBe(200);
  });

  it('limits verify attempts for one code to 10 a minute (429 RATE_LIMITED)', async () => {
    const c = await unverified();
    const { resend_token, code } = await sendAndRead(c);
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await verify(resend_token, wrong(code));
      expect(res.statusCode).toBe(400);
      codes.push(json<{ code: string }>(res).code);
    }
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('OTP_INVALID'));
    expect(codes.slice(4)).toEqual(Array(6).fill('OTP_TOO_MANY_ATTEMPTS'));
    const eleventh = await verify(resend_token, code);
    expect(eleventh.statusCode).toBe(429);
    expect(json(eleventh)).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
  });
});

describe('[AUTH] editing the mobile number while registering', () => {
  const register = (email: string, phone: string) =>
    injectRoute(t.app, registerRoute, {
      rawBody: {
        first_name: 'Lena',
        last_name: 'Roos',
        email,
        password: 'Strong-pass-2026',
        country_code: '32',
        phone,
        company_name: 'Roos Diamonds',
        country_iso2_code: 'BE',
      },
    });
  const send = (phone: string, resend_token?: string) =>
    injectRoute(t.app, sendSmsOtp, {
      rawBody: { phone, country_code: '32', ...(resend_token ? { resend_token } : {}) },
    });

  it('moves the unverified account to the corrected number, which then verifies and logs in', async () => {
    expect((await register('lena.roos@example.test', '470111222')).statusCode).toBe(201);
    const first = json<{ resend_token: string }>(await send('470111222'));
    const moved = await send('470333444', first.resend_token);
    expect(moved.statusCode).toBe(200);
    const code = codeIn((await latestMessage(t.app, '+32470333444'))?.body);
    const verified = await injectRoute(t.app, verifySmsOtp, {
      headers: bearer(json<{ resend_token: string }>(moved).resend_token),
      rawBody: { otp: code },
    });
    expect(verified.statusCode).toBe(200);
    const login = await injectRoute(t.app, loginRoute, {
      rawBody: { phone: '470333444', country_code: '32', password: 'Strong-pass-2026' },
    });
    expect(login.statusCode).toBe(200);
    expect((await send('470111222')).statusCode).toBe(404);
  });

  it('refuses to move to a number another account holds, and never moves a verified number', async () => {
    const taken = await createCustomer(t.deps.db, { countryCode: '32', phone: '470555666' });
    expect((await register('pim.roos@example.test', '470777888')).statusCode).toBe(201);
    const first = json<{ resend_token: string }>(await send('470777888'));
    const clash = await send(taken.phone, first.resend_token);
    expect(clash.statusCode).toBe(409);
    expect(json(clash).code).toBe('DUPLICATE_MOBILE');

    const verifiedCustomer = await createCustomer(t.deps.db, { countryCode: '32', phone: '470999000' });
    const own = json<{ resend_token: string }>(await send(verifiedCustomer.phone));
    expect((await send('470123123', own.resend_token)).statusCode).toBe(404);
  });
});
