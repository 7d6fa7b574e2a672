import { randomInt, randomUUID } from 'node:crypto';
import { login, lookupPhone, sendSmsOtp, verifyEmail, verifySmsOtp } from '@loupe/contract/auth';
import { getMe, registerBody, register as registerRoute } from '@loupe/contract/customers';
import { devOutbox, referralCodes } from '@loupe/contract/portal';
import { registrationFunnel } from '@loupe/contract/tracking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { customers, registrationFunnelEvents } from '../../platform/db/schema/index.ts';
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
import { registerCustomer } from './register-customer.ts';

let t: TestApp;
let kamIndia: Awaited<ReturnType<typeof createKam>>;
let kamBelgium: Awaited<ReturnType<typeof createKam>>;
beforeAll(async () => {
  t = await createTestApp();
  kamIndia = await createKam(t.deps.db, { name: 'Ishaan Kapoor', location: 'IND' });
  kamBelgium = await createKam(t.deps.db, {
    name: 'Pieter De Smet',
    location: 'BEL',
    phone: '+32 3 555 0182',
  });
});
afterAll(() => t.close());

const PASSWORD = 'Sparkle-Stone-42';

function newRegistration(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Riya',
    last_name: 'Shah',
    email: `riya-${randomUUID().slice(0, 8)}@example.test`,
    password: PASSWORD,
    country_code: '+91',
    phone: String(9_100_000_000 + randomInt(0, 899_999_999)),
    company_name: 'Shah Fine Jewels',
    country_iso2_code: 'IN',
    ...overrides,
  };
}

const register = (payload: Record<string, unknown>) =>
  injectRoute(t.app, registerRoute, { rawBody: payload });

const countByEmail = async (email: string) => {
  const rows = await t.deps.db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return rows.length;
};

/** Verifies the phone by SMS code as the app does after registering, then logs in. */
async function verifyPhoneAndLogIn(body: { email: string; phone: string; country_code: string }) {
  const countryCode = body.country_code.replace(/^\+/, '');
  const sent = await injectRoute(t.app, sendSmsOtp, {
    rawBody: { phone: body.phone, country_code: countryCode },
  });
  expect(sent.statusCode).toBe(200);
  const sms = await latestMessage(t.app, `+${countryCode}${body.phone}`);
  const verified = await injectRoute(t.app, verifySmsOtp, {
    headers: bearer(json<{ resend_token: string }>(sent).resend_token),
    rawBody: { otp: codeIn(sms?.body) },
  });
  expect(verified.statusCode).toBe(200);
  return logInAs(t.app, body.email, PASSWORD);
}

const me = async (token: string) => {
  const res = await injectRoute(t.app, getMe, { headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return json<{ customer: Record<string, unknown> & { kam: { kam_name: string; location: string } | null } }>(
    res,
  ).customer;
};

const verificationToken = (body: string | undefined) => {
  const token = body?.match(/verify_email=([^\s]+)/)?.[1];
  if (!token) throw new Error(`no verification link in: ${body}`);
  return decodeURIComponent(token);
};

describe('[REGISTER] registration', () => {
  it('offers the sales people to name as referrer', async () => {
    const res = await injectRoute(t.app, referralCodes, {});
    expect(res.statusCode).toBe(200);
    const { data } = json<{ data: { key: string; name: string }[] }>(res);
    expect(data.length).toBeGreaterThanOrEqual(20);
    expect(data[0]).toEqual({ key: '101', name: expect.any(String) });
  });

  it('registers with every field: 201, phone not verified yet, a verification email is sent', async () => {
    const codes = json<{ data: { key: string }[] }>(await injectRoute(t.app, referralCodes, {})).data;
    const body = newRegistration({ referral_code: codes[2]?.key });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({
      customer: {
        id: expect.any(String),
        email: body.email,
        phone: body.phone,
        country_code: '91',
        is_phone_verified: false,
      },
    });

    // Login is refused until the phone is verified.
    const early = await injectRoute(t.app, login, { rawBody: { email: body.email, password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(json(early).code).toBe('PHONE_NOT_VERIFIED');

    const mail = await latestMessage(t.app, body.email);
    expect(mail?.subject).toBe('Verify your email address for Loupe');
    expect(mail?.body).toContain('Dear Riya');
    const token = verificationToken(mail?.body);
    const verified = await injectRoute(t.app, verifyEmail, { rawBody: { token } });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toEqual({ statusCode: 200, is_email_verified: true });

    const again = await injectRoute(t.app, verifyEmail, { rawBody: { token } });
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('OTP_INVALID');

    const customer = await me(await verifyPhoneAndLogIn(body));
    expect(customer).toMatchObject({
      id: json<{ customer: { id: string } }>(res).customer.id,
      first_name: 'Riya',
      last_name: 'Shah',
      email: body.email,
      phone: body.phone,
      country_code: '91',
      company_name: 'Shah Fine Jewels',
      is_phone_verified: true,
      is_email_verified: true,
      existing_user: false,
      kyc: { status: 'not_started', banner_key: null },
      main_tour_status: 'not_started',
    });
  });

  it('creates the customer and the verification email together: a failed email keeps no customer', async () => {
    const body = registerBody.parse(newRegistration());
    const failingEmail = async () => {
      throw new Error('the job queue is down');
    };
    await expect(registerCustomer(t.deps.db, t.clock, failingEmail, body)).rejects.toThrow(
      'the job queue is down',
    );
    expect(await countByEmail(body.email)).toBe(0);
    // The same registration goes through once the email can be enqueued (nothing half-made is in its way).
    const res = await register({ ...newRegistration(), email: body.email, phone: body.phone });
    expect(res.statusCode).toBe(201);
    expect(await countByEmail(body.email)).toBe(1);
    expect((await latestMessage(t.app, body.email))?.subject).toBe('Verify your email address for Loupe');
  });

  it('refuses a made-up email verification token', async () => {
    const res = await injectRoute(t.app, verifyEmail, { rawBody: { token: 'made-up-link-token' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INVALID');
  });

  it('stores the email in lower case and leaves the email unverified until the link is used', async () => {
    const body = newRegistration();
    const res = await register({
      ...body,
      email: body.email.toUpperCase(),
      phone: `${body.phone.slice(0, 5)} ${body.phone.slice(5)}`,
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ customer: { email: string; phone: string } }>(res).customer).toMatchObject({
      email: body.email,
      phone: body.phone,
    });
    const customer = await me(await verifyPhoneAndLogIn(body));
    expect(customer.is_email_verified).toBe(false);
  });

  it('answers 409 DUPLICATE_EMAIL for a known email in any case, and writes nothing', async () => {
    const first = newRegistration();
    expect((await register(first)).statusCode).toBe(201);
    const res = await register(newRegistration({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      code: 'DUPLICATE_EMAIL',
      message: expect.any(String),
      details: { field: 'email' },
    });
    expect(await countByEmail(first.email)).toBe(1);
    // Only the first registration's verification email went out.
    const outbox = await injectRoute(t.app, devOutbox, { query: { to: first.email } });
    expect(json<{ messages: unknown[] }>(outbox).messages).toHaveLength(1);
  });

  it('answers 409 DUPLICATE_MOBILE for a known number, however it is written', async () => {
    const first = newRegistration();
    expect((await register(first)).statusCode).toBe(201);
    const second = newRegistration({
      country_code: '91',
      phone: `${first.phone.slice(0, 4)}-${first.phone.slice(4)}`,
    });
    const res = await register(second);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      code: 'DUPLICATE_MOBILE',
      message: expect.any(String),
      details: { field: 'mobile' },
    });
    expect(await countByEmail(second.email)).toBe(0);
  });

  it('lets exactly one of two simultaneous registrations with the same email win', async () => {
    const body = newRegistration();
    const results = await Promise.all([
      register(body),
      register({ ...body, phone: String(Number(body.phone) + 1) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.map((r) => json(r).code).filter(Boolean)).toEqual(['DUPLICATE_EMAIL']);
    expect(await countByEmail(body.email)).toBe(1);
  });

  it('enforces the password rules, naming the password field', async () => {
    for (const password of ['Abcde12', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh']) {
      const body = newRegistration({ password });
      const res = await register(body);
      expect(res.statusCode, password).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: expect.arrayContaining([expect.objectContaining({ path: 'password' })]),
      });
      expect(await countByEmail(body.email)).toBe(0);
    }
  });

  it('refuses missing and malformed fields with one details entry per field', async () => {
    const res = await register({
      ...newRegistration(),
      first_name: '',
      email: 'not-an-email',
      phone: '12345',
      country_iso2_code: 'India',
    });
    expect(res.statusCode).toBe(400);
    const { code, details } = json<{ code: string; details: { path: string }[] }>(res);
    expect(code).toBe('VALIDATION_FAILED');
    expect([...new Set(details.map((d) => d.path))].sort()).toEqual([
      'country_iso2_code',
      'email',
      'first_name',
      'phone',
    ]);

    const { company_name: _, ...withoutCompany } = newRegistration();
    const missing = await register(withoutCompany);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'company_name' }] });
  });

  it('refuses a referral code that names no sales person', async () => {
    const body = newRegistration({ referral_code: '999' });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'referral_code', message: expect.any(String) }],
    });
    expect(await countByEmail(body.email)).toBe(0);
  });

  it('refuses unknown extra fields', async () => {
    const body = newRegistration({ is_admin: true });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_FAILED');
    expect(await countByEmail(body.email)).toBe(0);
  });

  it('tells whether a phone number already has an account', async () => {
    const body = newRegistration();
    const lookup = (phone: string) =>
      injectRoute(t.app, lookupPhone, { params: { country_code: '91', phone_number: phone } });
    expect(json(await lookup(body.phone))).toEqual({ exists: false });
    await register(body);
    const res = await lookup(body.phone);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ exists: true });
    expect((await lookup('12ab')).statusCode).toBe(400);
  });

  it('assigns the KAM of the desk for the country registered from', async () => {
    const india = newRegistration({ country_iso2_code: 'in' });
    const belgium = newRegistration({
      country_code: '32',
      phone: String(470_000_000 + randomInt(0, 9_999_999)),
      country_iso2_code: 'BE',
    });
    expect((await register(india)).statusCode).toBe(201);
    expect((await register(belgium)).statusCode).toBe(201);
    expect((await me(await verifyPhoneAndLogIn(india))).kam).toMatchObject({
      kam_name: kamIndia.name,
      email: kamIndia.email,
      location: 'IND',
    });
    expect((await me(await verifyPhoneAndLogIn(belgium))).kam).toMatchObject({
      kam_name: kamBelgium.name,
      email: kamBelgium.email,
      location: 'BEL',
    });
  });

  it('records registration funnel steps, and refuses a step without a name', async () => {
    const sessionId = randomUUID();
    const res = await injectRoute(t.app, registrationFunnel, {
      query: { funnel_step: 'mobile_entered', session_id: sessionId, entry_point: 'login' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await t.deps.db
      .select()
      .from(registrationFunnelEvents)
      .where(sql`${registrationFunnelEvents.sessionId} = ${sessionId}`);
    expect(rows).toMatchObject([{ funnelStep: 'mobile_entered', entryPoint: 'login' }]);

    const missing = await injectRoute(t.app, registrationFunnel, { search: `?session_id=${sessionId}` });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'funnel_step' }] });
  });
});
