import { getMe } from '@loupe/contract/customers';
import { decideKyc } from '@loupe/contract/kyc';
import { endMaintenance } from '@loupe/contract/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryAdmin } from '../../test/admin.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import { createTestApp, logInAs, OPERATOR_TOKEN, type TestApp } from '../../test/test-app.ts';
import { seedDemo } from '../seed/demo.ts';
import { createCustomer } from '../seed/factories.ts';
import { createOrder } from '../seed/order-factory.ts';
import { createStones } from '../seed/stone-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo seed puts on the trade show the banner shows.
  await seedDemo(t.deps.db, t.clock);
});
afterAll(() => t.close());

/** `npm run admin -- <args>` against the test app: the output, or the refusal's status, code and message. */
const run = (args: string[]) => tryAdmin(t, ...args);

async function customerWithSession(input: Parameters<typeof createCustomer>[1] = {}) {
  const c = await createCustomer(t.deps.db, input);
  const token = await logInAs(t.app, c.email, c.password);
  const me = async () => (await expectOk(t.app, getMe, { token })).customer;
  return { ...c, me };
}

describe('[OPERATOR] commands', () => {
  it('approves a KYC, clearing the review banner', async () => {
    const c = await customerWithSession({ kycStatus: 'pending', kycBannerKey: 'online-under-review' });
    const res = await run(['kyc', 'approve', c.email.toUpperCase()]);
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ output: `KYC of ${c.email} is now approved.` });
    expect((await c.me()).kyc).toEqual({ status: 'approved', banner_key: null });
  });

  it('rejects a KYC', async () => {
    const c = await customerWithSession({ kycStatus: 'pending' });
    const res = await run(['kyc', 'reject', c.email]);
    expect(res.status).toBe(200);
    expect(res.output).toContain('rejected');
    expect((await c.me()).kyc.status).toBe('rejected');
  });

  it('answers 404 for a KYC command on an unknown email, and 400 without an email', async () => {
    const unknown = await run(['kyc', 'approve', 'nobody@example.test']);
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('NOT_FOUND');
    const missing = await run(['kyc', 'approve']);
    expect(missing.status).toBe(400);
    expect(missing.code).toBe('VALIDATION_FAILED');
  });

  it('puts the portal into maintenance until a future date and ends it', async () => {
    const c = await customerWithSession();
    const end = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    end.setUTCMilliseconds(0);
    const on = await run(['maintenance', 'on', end.toISOString()]);
    expect(on.status).toBe(200);
    expect(on).toMatchObject({ output: `Maintenance is on until ${end.toISOString()}.` });
    expect((await c.me()).maintenance_mode).toEqual({ end_date: end.toISOString() });

    const off = await run(['maintenance', 'off']);
    expect(off.status).toBe(200);
    expect((await c.me()).maintenance_mode).toEqual({ end_date: null });
  });

  it('stops announcing maintenance once its end has passed', async () => {
    const c = await customerWithSession();
    const end = new Date(t.clock.now().getTime() + 30 * 60_000);
    expect((await run(['maintenance', 'on', end.toISOString()])).status).toBe(200);
    expect((await c.me()).maintenance_mode.end_date).toBe(end.toISOString());
    t.clock.advance(31 * 60_000);
    expect((await c.me()).maintenance_mode.end_date).toBeNull();
    await run(['maintenance', 'off']);
  });

  it('refuses a maintenance end in the past or that is no date', async () => {
    const c = await customerWithSession();
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    for (const args of [
      ['maintenance', 'on', past],
      ['maintenance', 'on', 'next-tuesday'],
      ['maintenance', 'on'],
    ]) {
      const res = await run(args);
      expect(res.status).toBe(400);
      expect(res.code).toBe('VALIDATION_FAILED');
    }
    expect((await c.me()).maintenance_mode.end_date).toBeNull();
  });

  it('hides and shows the trade shows for one customer', async () => {
    const c = await customerWithSession();
    const other = await customerWithSession();
    const demoShow = (await c.me()).trade_show;
    expect(demoShow).toEqual({
      show_banner: true,
      id: expect.any(String),
      name: 'JCK Las Vegas',
      web_image: { flag_image: '/images/flags/us.svg' },
    });

    const off = await run(['trade-show', 'off', c.email]);
    expect(off).toMatchObject({ status: 200, output: `The trade-show entry is off for ${c.email}.` });
    expect((await c.me()).trade_show).toEqual({
      show_banner: false,
      id: null,
      name: null,
      web_image: { flag_image: null },
    });
    expect((await other.me()).trade_show.show_banner).toBe(true);

    expect((await run(['trade-show', 'on', c.email])).status).toBe(200);
    expect((await c.me()).trade_show).toEqual(demoShow);
  });

  it('invoices an order through the operator API, and answers 409 for a second invoice', async () => {
    const c = await customerWithSession();
    const bought = await createStones(t.deps.db, [{}, {}]);
    const { order } = await createOrder(t.deps.db, t.clock, {
      customerId: c.id,
      stoneIds: bought.map((s) => s.id),
    });
    const id = String(order.displayId).padStart(6, '0');
    const res = await run(['order', 'invoice', id]);
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ output: `order ${id} of ${c.email} invoiced: LD-INV-${id}.` });
    const again = await run(['order', 'invoice', String(order.displayId)]);
    expect(again.status).toBe(409);
    expect(again).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already invoiced'),
    });
  });

  it('answers 401 without the operator credential or with a wrong one, and changes nothing', async () => {
    const c = await customerWithSession({ kycStatus: 'pending' });
    const customerToken = await logInAs(t.app, c.email, c.password);
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer operator-token-for-tests-0123456788' },
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${customerToken}` },
      { authorization: 'Basic b3BlcmF0b3I6c2VjcmV0' },
    ]) {
      const res = await callRoute(t.app, decideKyc, {
        params: { email: c.email },
        body: { status: 'approved' },
        headers,
      });
      expect(res.status).toBe(401);
      expect(res.error?.code).toBe('UNAUTHORIZED');
    }
    expect((await c.me()).kyc.status).toBe('pending');
  });

  it('answers 400 for an unknown command, with the usage', async () => {
    for (const args of [
      ['stock', 'explode'],
      ['kyc', 'ignore', 'a@b.test'],
      ['trade-show', 'maybe'],
    ]) {
      const res = await run(args);
      expect(res.status).toBe(400);
      expect(res).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('kyc approve'),
      });
    }
    const empty = await run([]);
    expect(empty.status).toBe(400);
    expect(empty.code).toBe('VALIDATION_FAILED');
  });

  it('is closed when the server has no operator credential', async () => {
    const closed = await createTestApp({ operatorToken: undefined });
    try {
      const res = await callRoute(closed.app, endMaintenance, { token: OPERATOR_TOKEN });
      expect(res.status).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
