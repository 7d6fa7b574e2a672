import { randomUUID } from 'node:crypto';
import { changePassword, login } from '@loupe/contract/auth';
import { deleteProfilePhoto, getMe, getProfilePhoto, notifySales, updateMe } from '@loupe/contract/customers';
import { saveDeviceUuid } from '@loupe/contract/notices';
import { devOutbox } from '@loupe/contract/portal';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../app/seed/demo.ts';
import { createCustomer, createKam, DEMO_PASSWORD } from '../../app/seed/factories.ts';
import { bidToBuyEvents, customers, devices, kams } from '../../platform/db/schema/index.ts';
import { callRoute, injectRoute } from '../../test/call-route.ts';
import { multipartFile } from '../../test/multipart.ts';
import { fetchPhoto, redPng, uploadPhoto } from '../../test/profile-photo-kit.ts';
import { bearer, createTestApp, json, latestMessage, logInAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.deps.db, t.clock);
  png = await redPng();
});
afterAll(() => t.close());

type CustomerBody = { customer: Record<string, unknown> & { id: string; email: string } };

const me = (token: string) => injectRoute(t.app, getMe, { headers: bearer(token) });

const update = (token: string, payload: Record<string, unknown>) =>
  injectRoute(t.app, updateMe, { headers: bearer(token), rawBody: payload });

/** A logged-in customer made by the factory. */
async function loggedIn(input: Parameters<typeof createCustomer>[1] = {}) {
  const c = await createCustomer(t.deps.db, input);
  return { ...c, token: await logInAs(t.app, c.email, c.password) };
}

const upload = (token: string) =>
  uploadPhoto(t.app, token, multipartFile('profile', 'me.png', 'image/png', png));
const photo = (token: string, size?: number) => fetchPhoto(t.app, token, size);

describe('[CUSTOMER] current customer', () => {
  it('answers every field of the Customer for the demo buyer', async () => {
    const token = await logInAs(t.app, 'buyer@loupe.test', DEMO_PASSWORD);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().getTime();
    expect(json(res)).toEqual({
      customer: {
        id: expect.any(String),
        first_name: 'Riya',
        last_name: 'Shah',
        email: 'buyer@loupe.test',
        phone: '9820012345',
        country_code: '91',
        company_name: 'Shah Fine Jewels',
        existing_user: false,
        notifySales: 'Available',
        is_phone_verified: true,
        is_email_verified: true,
        has_profile_photo: false,
        city: 'Mumbai',
        country: 'India',
        new_arrivals_count: expect.any(Number),
        kyc: { status: 'approved', banner_key: null },
        kam: {
          kam_name: 'Ananya Iyer',
          post: 'Senior Key Account Manager',
          phone: '+91 98200 41122',
          email: 'ananya.iyer@loupe.test',
          image: '/images/kams/ananya-iyer.svg',
          location: 'IND',
        },
        bid_to_buy: {
          starts_at: new Date(now - 86_400_000).toISOString(),
          count: 0,
          endTime: new Date(now + 6 * 86_400_000).toISOString(),
        },
        trade_show: {
          show_banner: true,
          id: expect.any(String),
          name: 'JCK Las Vegas',
          web_image: { flag_image: '/images/flags/us.svg' },
        },
        maintenance_mode: { end_date: null },
        main_tour_status: 'completed',
        // This file seeds no stock, so the demo cart stays empty (app/seed/demo-orders.test.ts fills it).
        cart: { count: 0 },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });

  it('shows the KYC state of the other demo accounts', async () => {
    const existing = json<CustomerBody>(await me(await logInAs(t.app, 'existing@loupe.test', DEMO_PASSWORD)));
    expect(existing.customer).toMatchObject({
      existing_user: true,
      kyc: { status: 'pending', banner_key: 'online-under-review' },
      trade_show: { show_banner: false },
      kam: { kam_name: 'Layla Haddad', image: null, location: 'DUB' },
    });
    const fresh = json<CustomerBody>(await me(await logInAs(t.app, 'new@loupe.test', DEMO_PASSWORD)));
    expect(fresh.customer).toMatchObject({ existing_user: false, kyc: { status: 'not_started' } });
  });

  it('seeds the demo data idempotently: a second run duplicates nothing', async () => {
    const count = async () => ({
      buyers: (
        await t.deps.db.select().from(customers).where(sql`lower(${customers.email}) = 'buyer@loupe.test'`)
      ).length,
      kams: (await t.deps.db.select().from(kams).where(sql`${kams.email} like '%@loupe.test'`)).length,
      events: (await t.deps.db.select().from(bidToBuyEvents)).length,
    });
    const before = await count();
    await seedDemo(t.deps.db, t.clock);
    await seedDemo(t.deps.db, t.clock);
    expect(await count()).toEqual(before);
    expect(before.buyers).toBe(1);
    expect(before.events).toBe(1);
  });

  it('updates city and country and answers the whole customer; empty strings become null', async () => {
    const c = await loggedIn();
    const res = await update(c.token, { city: ' Antwerp ', country: 'Belgium' });
    expect(res.statusCode).toBe(200);
    expect(json<CustomerBody>(res).customer).toMatchObject({ id: c.id, city: 'Antwerp', country: 'Belgium' });
    expect(json<CustomerBody>(await me(c.token)).customer).toMatchObject({
      city: 'Antwerp',
      country: 'Belgium',
    });

    const cleared = await update(c.token, { city: '', country: '' });
    expect(cleared.statusCode).toBe(200);
    expect(json<CustomerBody>(cleared).customer).toMatchObject({ city: null, country: null });

    const named = await update(c.token, { first_name: 'Sofie', company_name: 'Janssens BV' });
    expect(json<CustomerBody>(named).customer).toMatchObject({
      first_name: 'Sofie',
      last_name: 'Buyer',
      company_name: 'Janssens BV',
      city: null,
    });
  });

  it('refuses unknown fields and invalid values on update, changing nothing', async () => {
    const c = await loggedIn({ city: 'Surat' });
    for (const payload of [
      { city: 'Pune', email: 'other@example.test' },
      { is_admin: true },
      { first_name: '' },
    ]) {
      const res = await update(c.token, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
    expect(json<CustomerBody>(await me(c.token)).customer).toMatchObject({ city: 'Surat', email: c.email });
  });
});

describe('[CUSTOMER] change password', () => {
  const change = (token: string, password: string, newPassword: string, confirm = newPassword) =>
    injectRoute(t.app, changePassword, {
      headers: bearer(token),
      rawBody: { password, new_password: newPassword, confirm_password: confirm },
    });

  it('changes the password and logs out everywhere: this session answers 419, the others 410', async () => {
    const c = await loggedIn();
    const other = await logInAs(t.app, c.email, c.password);
    const res = await change(c.token, c.password, 'Changed-Pass-2026');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const ended = await me(other);
    expect(ended.statusCode).toBe(410);
    expect(json(ended).code).toBe('SESSION_ENDED_EVERYWHERE');
    // The device the password was changed on is logged out too (domain-facts §9).
    const here = await me(c.token);
    expect(here.statusCode).toBe(419);
    expect(json(here).code).toBe('SESSION_LOGGED_OUT');
    const again = await change(c.token, 'Changed-Pass-2026', 'Changed-Pass-2027');
    expect(again.statusCode).toBe(419);
    const oldLogin = await injectRoute(t.app, login, { rawBody: { email: c.email, password: c.password } });
    expect(oldLogin.statusCode).toBe(401);
    await logInAs(t.app, c.email, 'Changed-Pass-2026');
  });

  it('refuses a wrong current password, the same password, a weak one and a mismatch', async () => {
    const c = await loggedIn();
    const other = await logInAs(t.app, c.email, c.password);
    const wrong = await change(c.token, 'Not-my-password-1', 'Changed-Pass-2026');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe('PASSWORD_MISMATCH');
    const same = await change(c.token, c.password, c.password);
    expect(same.statusCode).toBe(400);
    expect(json(same).code).toBe('PASSWORD_REUSED');
    const weak = await change(c.token, c.password, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'new_password' }] });
    const mismatch = await change(c.token, c.password, 'Changed-Pass-2026', 'Changed-Pass-2027');
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'confirm_password' }],
    });
    // Nothing changed: the other session lives on.
    expect((await me(other)).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    const res = await injectRoute(t.app, changePassword, {
      rawBody: { password: 'x', new_password: 'Changed-Pass-2026', confirm_password: 'Changed-Pass-2026' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('[CUSTOMER] devices and sales help', () => {
  it('saves a device for push notifications, twice without harm', async () => {
    const c = await loggedIn();
    const save = (payload: Record<string, unknown>) =>
      injectRoute(t.app, saveDeviceUuid, { headers: bearer(c.token), rawBody: payload });
    const uuid = randomUUID();
    expect((await save({ device_uuid: uuid })).statusCode).toBe(204);
    const again = await save({
      device_uuid: uuid,
      push_subscription: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(again.statusCode).toBe(204);
    const rows = await t.deps.db.select().from(devices).where(eq(devices.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.pushSubscription).toMatchObject({ endpoint: 'https://push.example.test/abc' });

    const bad = await save({ device_uuid: '' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_FAILED');
  });

  it('asks the KAM for KYC help by email', async () => {
    const kam = await createKam(t.deps.db, { name: 'Noor Khan', location: 'DUB' });
    const c = await loggedIn({ kamId: kam.id, firstName: 'Aditi', lastName: 'Rao', companyName: 'Rao Gems' });
    const res = await injectRoute(t.app, notifySales, { headers: bearer(c.token) });
    expect(res.statusCode).toBe(204);
    const mail = await latestMessage(t.app, kam.email);
    expect(mail?.subject).toBe('KYC help requested by Aditi Rao');
    expect(mail?.body).toContain('Rao Gems');
    expect(mail?.body).toContain(c.email);

    // Asking again within the hour answers the same and sends no second email.
    const again = await injectRoute(t.app, notifySales, { headers: bearer(c.token) });
    expect(again.statusCode).toBe(204);
    const mailsTo = async (to: string) =>
      (await callRoute(t.app, devOutbox, { query: { to } })).body.messages.length;
    expect(await mailsTo(kam.email)).toBe(1);
    t.clock.advance(61 * 60_000);
    await injectRoute(t.app, notifySales, { headers: bearer(c.token) });
    expect(await mailsTo(kam.email)).toBe(2);
  });
});

describe('[CUSTOMER] isolation between customers', () => {
  it("never lets customer A read or change B's data", async () => {
    const a = await loggedIn({ city: 'Jaipur' });
    const b = await loggedIn({ city: 'Haifa' });
    expect((await upload(b.token)).statusCode).toBe(204);

    // A's token always resolves to A.
    expect(json<CustomerBody>(await me(a.token)).customer).toMatchObject({
      id: a.id,
      email: a.email,
      has_profile_photo: false,
    });
    expect((await photo(a.token)).statusCode).toBe(404);

    // A's changes touch only A.
    await update(a.token, { city: 'Delhi' });
    expect((await upload(a.token)).statusCode).toBe(204);
    await injectRoute(t.app, deleteProfilePhoto, { headers: bearer(a.token) });
    const bAfter = json<CustomerBody>(await me(b.token)).customer;
    expect(bAfter).toMatchObject({ id: b.id, city: 'Haifa', has_profile_photo: true });
    expect((await photo(b.token, 128)).statusCode).toBe(200);
  });

  it('has no route that takes a customer id', async () => {
    const a = await loggedIn();
    const b = await createCustomer(t.deps.db);
    for (const url of [getMe.path, getProfilePhoto.path].map((path) => path.replace('/me', `/${b.id}`))) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) });
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(json(res))).not.toContain(b.email);
    }
    const doc = json<{ paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/docs/json' }),
    );
    const params = Object.keys(doc.paths).flatMap((p) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
    // Ids of the customer's own things are fine: their routes answer 404 for anyone else's
    // (notices, saved searches, appointments). Lot ids name the supplier's stock, and trade show
    // ids the supplier's shows and import ids the supplier's stock files (operator routes), which
    // are nobody's own.
    const ownThings = new Set([
      'noticeId',
      'savedSearchId',
      'lotId',
      'orderId',
      'invoiceId',
      'appointmentId',
      'tradeShowId',
      'importId',
    ]);
    expect(params.filter((p) => /id$|customer/i.test(p ?? '') && !ownThings.has(p ?? ''))).toEqual([]);
    // The customer routes work on "me" only.
    const customerPaths = Object.keys(doc.paths).filter((p) => p.startsWith(getMe.path));
    expect(customerPaths.length).toBeGreaterThan(3);
  });
});
