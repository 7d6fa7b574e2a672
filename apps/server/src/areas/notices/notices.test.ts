import { randomUUID } from 'node:crypto';
import {
  getNotificationPreferences,
  listNotices,
  markNoticesSeen,
  readAllNotices,
  readNotice,
  updateNotificationPreferences,
} from '@loupe/contract/notices';
import type { RouteDef } from '@loupe/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { tryAdmin } from '../../test/admin.ts';
import { type CallInput, injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';
import { createNotice } from './create-notice.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type NoticeJson = {
  id: string;
  title: string;
  message: string;
  icon_url: string | null;
  created_at: string;
  seen_at: string | null;
  read_at: string | null;
  target_page: string | null;
};
type List = { notices: NoticeJson[]; count: number; unseen_count: number };

async function buyer() {
  const c = await createCustomer(t.deps.db);
  const token = await logInAs(t.app, c.email, c.password);
  const list = async (query = '') => {
    const res = await injectRoute(t.app, listNotices, { search: query, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return json<List>(res);
  };
  return { ...c, token, list };
}

const operator = (args: string[]) => tryAdmin(t, ...args);

async function sendNotice(email: string, title: string, message = 'Details inside.', target?: string) {
  const res = await operator(['notice', 'send', email, title, message, ...(target ? [target] : [])]);
  expect(res.status, res.message).toBe(200);
  t.clock.advance(1000);
}

const seen = (token: string, ids: unknown) =>
  injectRoute(t.app, markNoticesSeen, { headers: bearer(token), rawBody: { notice_ids: ids } });
const read = (token: string, id: string) =>
  injectRoute(t.app, readNotice, { params: { noticeId: id }, headers: bearer(token) });
const readAll = (token: string) => injectRoute(t.app, readAllNotices, { headers: bearer(token) });

describe('[NOTICES] list and states', () => {
  it('lists notices newest first with every field of spec §3, all unseen at first', async () => {
    const b = await buyer();
    expect(await b.list()).toEqual({ notices: [], count: 0, unseen_count: 0 });
    await sendNotice(b.email, 'Invoice ready', 'Invoice INV-2041 is ready.', 'your-orders:activeInvoices');
    await sendNotice(b.email, 'Hold expires soon', 'Your hold on LD-88231 ends in 2 hours.', 'my-cart:hold');
    const { notices, count, unseen_count } = await b.list();
    expect(count).toBe(2);
    expect(unseen_count).toBe(2);
    expect(notices.map((n) => n.title)).toEqual(['Hold expires soon', 'Invoice ready']);
    expect(notices[1]).toEqual({
      id: expect.any(String),
      title: 'Invoice ready',
      message: 'Invoice INV-2041 is ready.',
      icon_url: null,
      created_at: expect.any(String),
      seen_at: null,
      read_at: null,
      target_page: 'your-orders:activeInvoices',
    });
  });

  it('pages with limit and offset and refuses bad paging', async () => {
    const b = await buyer();
    for (const title of ['One', 'Two', 'Three']) await sendNotice(b.email, title);
    const page = await b.list('?limit=2&offset=1');
    expect(page.notices.map((n) => n.title)).toEqual(['Two', 'One']);
    expect(page.count).toBe(3);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const res = await injectRoute(t.app, listNotices, { search: query, headers: bearer(b.token) });
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
  });

  it('moves unseen → seen when the bell opens, then seen → read on a click', async () => {
    const b = await buyer();
    await sendNotice(b.email, 'Order confirmed', 'Order 1042 is confirmed.', 'your-orders:pendingInvoices');
    await sendNotice(b.email, 'Stone on hold', 'LD-1 is on hold for you.', 'my-cart:hold');
    const [hold, order] = (await b.list()).notices;

    const opened = await seen(b.token, [hold!.id, order!.id]);
    expect(opened.statusCode).toBe(200);
    expect(json(opened)).toEqual({ unseen_count: 0 });
    const afterOpen = await b.list();
    expect(afterOpen.unseen_count).toBe(0);
    for (const n of afterOpen.notices) {
      expect(n.seen_at).toBe(t.clock.now().toISOString());
      expect(n.read_at).toBeNull();
    }

    t.clock.advance(5000);
    const clicked = await read(b.token, hold!.id);
    expect(clicked.statusCode).toBe(200);
    expect(json<{ notice: NoticeJson }>(clicked).notice).toMatchObject({
      id: hold!.id,
      target_page: 'my-cart:hold',
      seen_at: afterOpen.notices[0]!.seen_at,
      read_at: t.clock.now().toISOString(),
    });
    // Reading again keeps the first read time; the other notice stays unread.
    t.clock.advance(5000);
    const again = json<{ notice: NoticeJson }>(await read(b.token, hold!.id)).notice;
    expect(again.read_at).toBe(json<{ notice: NoticeJson }>(clicked).notice.read_at);
    expect((await b.list()).notices.find((n) => n.id === order!.id)?.read_at).toBeNull();
  });

  it('marks a notice read straight from unseen (a click in a push), counting it seen too', async () => {
    const b = await buyer();
    await sendNotice(b.email, 'KYC reminder', 'Two documents are missing.', 'my-account:profile');
    const [n] = (await b.list()).notices;
    const clicked = json<{ notice: NoticeJson }>(await read(b.token, n!.id)).notice;
    expect(clicked.seen_at).toBe(clicked.read_at);
    expect((await b.list()).unseen_count).toBe(0);
  });

  it('marks all as read, leaving earlier read times alone', async () => {
    const b = await buyer();
    for (const title of ['First', 'Second', 'Third']) await sendNotice(b.email, title);
    const [third] = (await b.list()).notices;
    const firstRead = json<{ notice: NoticeJson }>(await read(b.token, third!.id)).notice.read_at;
    t.clock.advance(60_000);
    const res = await readAll(b.token);
    expect(res.statusCode).toBe(204);
    const { notices, unseen_count } = await b.list();
    expect(unseen_count).toBe(0);
    expect(notices.every((n) => n.read_at !== null && n.seen_at !== null)).toBe(true);
    expect(notices.find((n) => n.id === third!.id)?.read_at).toBe(firstRead);
    expect(notices.find((n) => n.title === 'First')?.read_at).toBe(t.clock.now().toISOString());
    // Nothing left to read: still 204.
    expect((await readAll(b.token)).statusCode).toBe(204);
  });

  it('refuses malformed requests with 400 and answers 404 for an unknown notice', async () => {
    const b = await buyer();
    for (const ids of [[], ['not-a-uuid'], 'one', Array.from({ length: 501 }, () => randomUUID())]) {
      const res = await seen(b.token, ids);
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
    const missingBody = await injectRoute(t.app, markNoticesSeen, { headers: bearer(b.token) });
    expect(missingBody.statusCode).toBe(400);
    expect((await read(b.token, 'abc')).statusCode).toBe(400);
    const unknown = await read(b.token, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).code).toBe('NOT_FOUND');
    expect((await seen(b.token, [randomUUID()])).statusCode).toBe(404);
  });

  it('needs a session for every call', async () => {
    const id = randomUUID();
    // Well-formed bodies, so that only the missing session can be the reason for refusing.
    const calls: [RouteDef, CallInput<RouteDef>][] = [
      [listNotices, {}],
      [markNoticesSeen, { rawBody: { notice_ids: [id] } }],
      [readNotice, { params: { noticeId: id } }],
      [readAllNotices, {}],
      [getNotificationPreferences, {}],
      [
        updateNotificationPreferences,
        { rawBody: { type: 'All', platforms: { web: true, mobile: true, email: true } } },
      ],
    ];
    for (const [route, input] of calls) {
      const res = await injectRoute(t.app, route, input);
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

describe('[NOTICES] one customer never sees or changes another’s notices', () => {
  it('keeps lists apart and answers 404 to reads and seen marks of foreign notices, changing nothing', async () => {
    const a = await buyer();
    const b = await buyer();
    await sendNotice(a.email, 'For A only', 'Your memo is ready.', 'my-cart:memo');
    const [mine] = (await a.list()).notices;
    expect(await b.list()).toEqual({ notices: [], count: 0, unseen_count: 0 });

    const foreignRead = await read(b.token, mine!.id);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).not.toContain('For A only');
    expect((await seen(b.token, [mine!.id])).statusCode).toBe(404);

    // A mix of B's own and A's notice marks nothing at all.
    await sendNotice(b.email, 'For B', 'Hello B.');
    const [bOwn] = (await b.list()).notices;
    expect((await seen(b.token, [bOwn!.id, mine!.id])).statusCode).toBe(404);
    expect((await b.list()).notices[0]!.seen_at).toBeNull();

    expect((await readAll(b.token)).statusCode).toBe(204);
    const untouched = (await a.list()).notices[0]!;
    expect(untouched).toMatchObject({ id: mine!.id, seen_at: null, read_at: null });
    expect((await a.list()).unseen_count).toBe(1);
  });
});

describe('[NOTICES] written with the business change that causes them', () => {
  it('writes a "KYC approved" notice when the operator approves, once per change', async () => {
    const b = await buyer();
    const approve = await operator(['kyc', 'approve', b.email]);
    expect(approve.output).toBe(`KYC of ${b.email} is now approved.`);
    const [n] = (await b.list()).notices;
    expect(n).toMatchObject({ title: 'KYC approved', target_page: 'my-account', read_at: null });
    expect(n!.message).toContain('approved');
    // Approving again is no change: no second notice.
    expect((await operator(['kyc', 'approve', b.email])).output).toBe(
      `KYC of ${b.email} is already approved.`,
    );
    expect((await b.list()).count).toBe(1);

    t.clock.advance(1000);
    await operator(['kyc', 'reject', b.email]);
    const after = await b.list();
    expect(after.count).toBe(2);
    expect(after.notices[0]!.title).toBe('KYC not approved');
  });

  it('leaves no notice when the business change rolls back', async () => {
    const b = await buyer();
    await expect(
      t.deps.db.transaction(async (tx) => {
        await createNotice(tx, t.clock, {
          customerId: b.id,
          kind: 'order_confirmed',
          title: 'Order confirmed',
          message: 'Order 77 is confirmed.',
          targetPage: 'your-orders:pendingInvoices',
        });
        throw new Error('the confirmation failed');
      }),
    ).rejects.toThrow('the confirmation failed');
    expect((await b.list()).count).toBe(0);
  });
});

describe('[NOTICES] npm run admin -- notice send', () => {
  it('sends a notice with an optional target page and says where it went', async () => {
    const b = await buyer();
    const res = await operator([
      'notice',
      'send',
      b.email.toUpperCase(),
      'Welcome',
      'Your account is ready.',
    ]);
    expect(res.status).toBe(200);
    expect(res.output).toMatch(
      new RegExp(`^Notice [0-9a-f-]{36} sent to ${b.email}: in the bell, and by web, mobile, email\\.$`),
    );
    expect((await b.list()).notices[0]).toMatchObject({ title: 'Welcome', target_page: null });
  });

  it('accepts every target prefix of spec §3 and refuses unknown ones and sub-tabs', async () => {
    const b = await buyer();
    for (const target of [
      'my-cart:active',
      'appointment',
      'appointment:upcomingAppointments',
      'bid-to-buy:activeBid',
      'new-arrival:bidStone',
      'your-orders:invoicesHistory',
      'my-orders:pendingInvoices',
      'my-account:notification-preferences',
      'search:result-2',
      'search:saved-search',
      'home',
      'dashboard',
    ]) {
      const res = await operator(['notice', 'send', b.email, 'Target', 'Check it.', target]);
      expect(res.status, target).toBe(200);
    }
    for (const target of ['my-cart:basket', 'wishlist', 'home:extra', 'search:result-0', 'my-cart:hold:x']) {
      const res = await operator(['notice', 'send', b.email, 'Target', 'Check it.', target]);
      expect(res.status, target).toBe(400);
      expect(res.message).toContain('Unknown target page');
    }
  });

  it('refuses a missing title or message, overlong text, an unknown customer and stray words', async () => {
    const b = await buyer();
    const cases: [string[], string][] = [
      [['notice', 'send', b.email], 'Give a title and a message'],
      [['notice', 'send', b.email, 'Title only'], 'Give a title and a message'],
      [['notice', 'send', b.email, 'T'.repeat(121), 'Body'], 'longer than 120'],
      [['notice', 'send', b.email, 'Title', 'M'.repeat(1001)], 'longer than 1000'],
      [['notice', 'send', 'nobody@example.test', 'Title', 'Body'], 'No customer'],
      [['notice', 'send', b.email, 'Invoice', 'is', 'ready', 'now'], 'Quote the title'],
    ];
    for (const [args, message] of cases) {
      const res = await operator(args);
      expect(res.status, args.join(' ')).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.message).toContain(message);
    }
    expect((await b.list()).count).toBe(0);
  });
});
