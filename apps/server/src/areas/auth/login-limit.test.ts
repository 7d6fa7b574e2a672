import { login } from '@loupe/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { callRoute } from '../../test/call-route.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = 'Wrong-pass-1';

describe('[AUTH] login attempts are limited per account and source together', () => {
  it('stops the 11th wrong try from one address with 429 and Retry-After', async () => {
    const c = await createCustomer(t.deps.db);
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(t.app, login, {
        body: { email: c.email, password: wrong },
        remoteAddress: '203.0.113.10',
      });
      expect(res.status).toBe(401);
    }
    const limited = await callRoute(t.app, login, {
      body: { email: c.email, password: c.password },
      remoteAddress: '203.0.113.10',
    });
    expect(limited.status).toBe(429);
    expect(limited.error?.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The owner, coming from elsewhere, is not locked out by the stranger's guesses.
    const owner = await callRoute(t.app, login, {
      body: { email: c.email, password: c.password },
      remoteAddress: '198.51.100.20',
    });
    expect(owner.status).toBe(200);
  });

  it('counts email and phone logins of one account together', async () => {
    const c = await createCustomer(t.deps.db);
    for (let i = 0; i < 10; i++) {
      const body =
        i % 2 === 0
          ? { email: c.email, password: wrong }
          : { phone: c.phone, country_code: c.countryCode, password: wrong };
      expect((await callRoute(t.app, login, { body, remoteAddress: '203.0.113.11' })).status).toBe(401);
    }
    const byPhone = await callRoute(t.app, login, {
      body: { phone: c.phone, country_code: c.countryCode, password: c.password },
      remoteAddress: '203.0.113.11',
    });
    expect(byPhone.status).toBe(429);
    expect(byPhone.headers['retry-after']).toBeDefined();
  });

  it('limits guesses at unknown accounts the same way, answering alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await callRoute(t.app, login, {
        body: { email: 'nobody-here@example.test', password: wrong },
        remoteAddress: '203.0.113.12',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
