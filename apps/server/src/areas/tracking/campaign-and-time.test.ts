import { randomInt, randomUUID } from 'node:crypto';
import { getMe, register, updateMe } from '@loupe/contract/customers';
import { eventTrack, logTimeSpent } from '@loupe/contract/tracking';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { trackingEvents } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  await createKam(t.deps.db, { name: 'Ishaan Kapoor', location: 'IND' });
  buyer = await loggedInCustomer(t);
});
afterAll(() => t.close());

const eventsNamed = (event: string) =>
  t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.event, event));

describe('[TRACKING] anonymous funnel events (/event-track)', () => {
  it('records the event with no token and nothing personal', async () => {
    const res = await injectRoute(t.app, eventTrack, {
      params: { event: 'register_page_opened' },
      headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Test' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.deps.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.event, 'register_page_opened'), isNull(trackingEvents.customerId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({});
  });

  it.each([['Bad Name'], ['<script>'], ['x'.repeat(61)], ['a\u0000b']])(
    'refuses the name %j with 400',
    async (event) => {
      const res = await injectRoute(t.app, eventTrack, { params: { event } });
      expect(res.statusCode).toBe(400);
      expect(json<{ code: string }>(res).code).toBe('VALIDATION_FAILED');
    },
  );

  it('answers 429 with the error body to a flood from one address', async () => {
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 65; i++) {
      const res = await injectRoute(t.app, eventTrack, {
        params: { event: 'flood' },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(res.statusCode);
      last = res.body;
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    expect(JSON.parse(last)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('[TRACKING] time spent per page', () => {
  it('keeps the page and seconds for the customer', async () => {
    const res = await injectRoute(t.app, logTimeSpent, {
      headers: bearer(buyer.token),
      rawBody: { page: '/v2/search', seconds: 42 },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await eventsNamed('time_spent');
    expect(row).toMatchObject({ customerId: buyer.id, payload: { page: '/v2/search', seconds: 42 } });
  });

  it('refuses nonsense durations, unknown keys and anonymous callers', async () => {
    for (const body of [
      { page: '/v2', seconds: 0 },
      { page: '/v2', seconds: 1.5 },
      { page: '/v2', seconds: 86_401 },
      { page: '', seconds: 3 },
      { page: '/v2', seconds: 3, ip: '1.2.3.4' },
    ]) {
      const res = await injectRoute(t.app, logTimeSpent, { headers: bearer(buyer.token), rawBody: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await injectRoute(t.app, logTimeSpent, { rawBody: { page: '/v2', seconds: 3 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('[TRACKING] campaign data sent with the registration', () => {
  const registration = (utm?: unknown) => ({
    first_name: 'Riya',
    last_name: 'Shah',
    email: `utm-${randomUUID().slice(0, 8)}@example.test`,
    password: 'Sparkle-Stone-42',
    country_code: '+91',
    phone: String(9_100_000_000 + randomInt(0, 899_999_999)),
    company_name: 'Shah Fine Jewels',
    country_iso2_code: 'IN',
    ...(utm === undefined ? {} : { utm }),
  });

  it('keeps the utm values with the new customer', async () => {
    const res = await injectRoute(t.app, register, {
      rawBody: registration({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'jck-2026' }),
    });
    expect(res.statusCode).toBe(201);
    const id = json<{ customer: { id: string } }>(res).customer.id;
    const rows = await eventsNamed('registration_campaign');
    expect(rows.find((r) => r.customerId === id)?.payload).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'jck-2026',
    });
  });

  it('registers without campaign data, and refuses unknown or oversized utm values', async () => {
    const before = (await eventsNamed('registration_campaign')).length;
    expect((await injectRoute(t.app, register, { rawBody: registration() })).statusCode).toBe(201);
    expect(await eventsNamed('registration_campaign')).toHaveLength(before);
    for (const utm of [{ gclid: 'abc' }, { utm_source: 'x'.repeat(201) }, 'newsletter']) {
      const res = await injectRoute(t.app, register, { rawBody: registration(utm) });
      expect(res.statusCode, JSON.stringify(utm)).toBe(400);
    }
  });
});

describe('[CUSTOMER] location sent with the customer update', () => {
  it('saves the found city and country, and null for both when location failed (spec §8)', async () => {
    const found = await injectRoute(t.app, updateMe, {
      headers: bearer(buyer.token),
      rawBody: { city: 'Mumbai', country: 'India' },
    });
    expect(found.statusCode).toBe(200);
    expect(json<{ customer: object }>(found).customer).toMatchObject({ city: 'Mumbai', country: 'India' });
    const failed = await injectRoute(t.app, updateMe, {
      headers: bearer(buyer.token),
      rawBody: { city: null, country: null },
    });
    expect(failed.statusCode).toBe(200);
    const me = await injectRoute(t.app, getMe, { headers: bearer(buyer.token) });
    expect(json<{ customer: object }>(me).customer).toMatchObject({ city: null, country: null });
  });
});
