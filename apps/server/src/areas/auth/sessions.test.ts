import { login, logout, logoutAll } from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => injectRoute(t.app, getMe, { headers: bearer(token) });

describe('[AUTH] sessions', () => {
  it('logs in by email or by phone and reads the current customer', async () => {
    const c = await createCustomer(t.deps.db, { countryCode: '32', phone: '478000111' });
    const byEmail = await logInAs(t.app, c.email.toUpperCase(), c.password);
    const byPhone = await injectRoute(t.app, login, {
      rawBody: { phone: '478 000 111', country_code: '+32', password: c.password },
    });
    expect(byPhone.statusCode).toBe(200);
    expect(json(byPhone).customer).toMatchObject({ id: c.id, email: c.email });
    const res = await me(byEmail);
    expect(res.statusCode).toBe(200);
    expect(json<{ customer: { id: string } }>(res).customer.id).toBe(c.id);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const c = await createCustomer(t.deps.db);
    for (const payload of [
      { email: c.email, password: 'Wrong-password-1' },
      { email: 'nobody@example.test', password: c.password },
    ]) {
      const res = await injectRoute(t.app, login, { rawBody: payload });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ code: 'INVALID_CREDENTIALS', message: expect.any(String) });
    }
  });

  it('answers 401 without a token and with a made-up one', async () => {
    expect((await injectRoute(t.app, getMe, {})).statusCode).toBe(401);
    expect((await me('made-up-token')).statusCode).toBe(401);
  });

  it('keeps one session per device: logging out one device answers 419 there and leaves the other', async () => {
    const c = await createCustomer(t.deps.db);
    const laptop = await logInAs(t.app, c.email, c.password);
    const phone = await logInAs(t.app, c.email, c.password);
    const out = await injectRoute(t.app, logout, { headers: bearer(laptop) });
    expect(out.statusCode).toBe(204);
    const after = await me(laptop);
    expect(after.statusCode).toBe(419);
    expect(json(after).code).toBe('SESSION_LOGGED_OUT');
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('logs out all devices: every other token answers 410, this one 419', async () => {
    const c = await createCustomer(t.deps.db);
    const [a, b, d] = [
      await logInAs(t.app, c.email, c.password),
      await logInAs(t.app, c.email, c.password),
      await logInAs(t.app, c.email, c.password),
    ];
    const out = await injectRoute(t.app, logoutAll, { headers: bearer(a) });
    expect(out.statusCode).toBe(204);
    for (const token of [b, d]) {
      const res = await me(token);
      expect(res.statusCode).toBe(410);
      expect(json(res).message).toBe(
        'Session expired! You have been logged out of all devices. Please log in again.',
      );
    }
    expect((await me(a)).statusCode).toBe(419);
    // A new login afterwards works as usual.
    expect((await me(await logInAs(t.app, c.email, c.password))).statusCode).toBe(200);
  });

  it('does not touch the sessions of another customer', async () => {
    const alice = await createCustomer(t.deps.db);
    const bob = await createCustomer(t.deps.db);
    const aliceToken = await logInAs(t.app, alice.email, alice.password);
    const bobToken = await logInAs(t.app, bob.email, bob.password);
    await injectRoute(t.app, logoutAll, { headers: bearer(aliceToken) });
    const res = await me(bobToken);
    expect(res.statusCode).toBe(200);
    expect(json<{ customer: { email: string } }>(res).customer.email).toBe(bob.email);
  });

  it('expires a session left unused for 30 days with 419', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await logInAs(t.app, c.email, c.password);
    t.clock.advance(31 * 86_400_000);
    expect((await me(token)).statusCode).toBe(419);
  });

  it('refuses to log in before the phone is verified, saying which number to verify', async () => {
    const c = await createCustomer(t.deps.db, { isPhoneVerified: false });
    const res = await injectRoute(t.app, login, { rawBody: { email: c.email, password: c.password } });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'PHONE_NOT_VERIFIED',
      details: { phone: c.phone, country_code: c.countryCode },
    });
  });
});
