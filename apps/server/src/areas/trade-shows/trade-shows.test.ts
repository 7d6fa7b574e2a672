import { getMe } from '@loupe/contract/customers';
import { getTradeShow, listMeetingRequests, requestMeeting } from '@loupe/contract/trade-shows';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { admin, tryAdmin } from '../../test/admin.ts';
import { outboxOf } from '../../test/appointment-kit.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof loggedInCustomer>>;
let kamEmail: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  const kam = await createKam(t.deps.db);
  kamEmail = kam.email;
  buyer = await loggedInCustomer(t, { kamId: kam.id });
  await stockOf(t, [
    { lot_id: 'LD-7001', location: 'USA' },
    { lot_id: 'LD-7002', location: 'USA-BD' },
  ]);
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

/** `trade-show create` as the operator types it; answers the printed id. */
async function createShow(name: string, fromNow: number, length: number, ...extra: string[]) {
  const out = await admin(
    t,
    'trade-show',
    'create',
    name,
    'Las Vegas',
    iso(fromNow),
    iso(fromNow + length),
    ...extra,
  );
  const id = /Trade show ([0-9a-f-]{36}) created/.exec(out)?.[1];
  if (!id) throw new Error(`no id in: ${out}`);
  return { id, out };
}

async function cancelAll() {
  for (;;) {
    const { body } = await callRoute(t.app, getTradeShow, { token: buyer.token });
    if (!body.trade_show) return;
    await admin(t, 'trade-show', 'cancel', body.trade_show.id);
  }
}

beforeEach(cancelAll);

describe('[TRADE SHOW] shows', () => {
  it('prints the new show and puts it in the customer’s trade_show while it is upcoming or running', async () => {
    const me = async () => (await expectOk(t.app, getMe, { token: buyer.token })).customer.trade_show;
    expect(await me()).toEqual({ show_banner: false, id: null, name: null, web_image: { flag_image: null } });

    const { id, out } = await createShow(
      'JCK Las Vegas',
      2 * DAY,
      4 * DAY,
      '/images/flags/us.svg',
      '--booth',
      'B-4127',
    );
    expect(out).toContain('JCK Las Vegas, Las Vegas');
    expect(out).toContain('booth B-4127');
    expect(await me()).toEqual({
      show_banner: true,
      id,
      name: 'JCK Las Vegas',
      web_image: { flag_image: '/images/flags/us.svg' },
    });
    const shown = await expectOk(t.app, getTradeShow, { token: buyer.token });
    expect(shown.trade_show).toMatchObject({
      id,
      city: 'Las Vegas',
      booth: 'B-4127',
      location: 'USA',
      status: 'upcoming',
    });

    t.clock.advance(3 * DAY);
    expect((await expectOk(t.app, getTradeShow, { token: buyer.token })).trade_show?.status).toBe('running');
    t.clock.advance(4 * DAY);
    expect(await me()).toMatchObject({ show_banner: false, id: null });
  });

  it('shows the running show before a later one', async () => {
    await createShow('Later Show', 20 * DAY, DAY);
    const { id } = await createShow('Running Show', -HOUR, DAY);
    expect((await expectOk(t.app, getTradeShow, { token: buyer.token })).trade_show?.id).toBe(id);
  });

  it('refuses dates the wrong way round, a past show, an unknown location and bad words, with 400', async () => {
    for (const words of [
      ['Backwards', 'Paris', iso(2 * DAY), iso(DAY)],
      ['Past', 'Paris', iso(-3 * DAY), iso(-DAY)],
      ['Nowhere', 'Paris', iso(DAY), iso(2 * DAY), '--location', 'MARS'],
      ['No dates', 'Paris'],
      ['Bad flag', 'Paris', iso(DAY), iso(2 * DAY), 'javascript:alert(1)'],
    ]) {
      const res = await tryAdmin(t, 'trade-show', 'create', ...words);
      expect(res, words.join(' ')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await callRoute(t.app, getTradeShow, { token: buyer.token })).body.trade_show).toBeNull();
  });
});

describe('[TRADE SHOW] meeting requests', () => {
  it('records a request with its stones and comment, lists it, and emails the KAM', async () => {
    const { id } = await createShow('JCK Las Vegas', DAY, 3 * DAY, '--booth', 'B-4127');
    const made = await callRoute(t.app, requestMeeting, {
      token: buyer.token,
      body: {
        trade_show_id: id,
        stones: ['ld-7001', 'LD-7002-USA-BD'],
        comment: 'Pairs for earrings, please.',
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.request).toMatchObject({
      trade_show: { id, name: 'JCK Las Vegas' },
      stones: ['LD-7001', 'LD-7002'],
      comment: 'Pairs for earrings, please.',
    });
    const { requests } = await expectOk(t.app, listMeetingRequests, { token: buyer.token });
    expect(requests[0]).toEqual(made.body.request);

    const [mail] = await outboxOf(t, kamEmail);
    expect(mail?.subject).toBe(`Meeting request at JCK Las Vegas from ${buyer.companyName}`);
    expect(mail?.body).toContain('booth B-4127');
    expect(mail?.body).toContain('Stones to bring: LD-7001, LD-7002');
  });

  it('refuses unknown stones (400), another show or none (404), and keeps nothing', async () => {
    const { id } = await createShow('JCK Las Vegas', DAY, 3 * DAY);
    const before = (await expectOk(t.app, listMeetingRequests, { token: buyer.token })).requests.length;
    const unknown = await callRoute(t.app, requestMeeting, {
      token: buyer.token,
      body: { trade_show_id: id, stones: ['LD-7001', 'NOPE-1'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(unknown.error?.message).toContain('NOPE-1');

    const other = await callRoute(t.app, requestMeeting, {
      token: buyer.token,
      body: { trade_show_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.status).toBe(404);

    await admin(t, 'trade-show', 'off', buyer.email);
    const hidden = await callRoute(t.app, requestMeeting, {
      token: buyer.token,
      body: { trade_show_id: id },
    });
    expect(hidden.status).toBe(404);
    await admin(t, 'trade-show', 'on', buyer.email);
    expect((await expectOk(t.app, listMeetingRequests, { token: buyer.token })).requests.length).toBe(before);
  });

  it('keeps the request of a called-off show out of the list, and answers 404 to cancel it twice', async () => {
    const { id } = await createShow('Short Lived', DAY, DAY);
    await expectOk(t.app, requestMeeting, { token: buyer.token, body: { trade_show_id: id } });
    const cancel = await tryAdmin(t, 'trade-show', 'cancel', id);
    expect(cancel).toMatchObject({
      status: 200,
      output: 'Trade show Short Lived is called off; 1 meeting request(s) dropped.',
    });
    const { requests } = await expectOk(t.app, listMeetingRequests, { token: buyer.token });
    expect(requests.some((r) => r.trade_show.id === id)).toBe(false);
    expect(await tryAdmin(t, 'trade-show', 'cancel', id)).toMatchObject({ status: 404 });
  });

  it('asks for a login', async () => {
    expect((await callRoute(t.app, listMeetingRequests, {})).status).toBe(401);
  });
});
