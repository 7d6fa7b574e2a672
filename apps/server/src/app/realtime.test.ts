import { changePassword, logout, logoutAll } from '@loupe/contract/auth';
import {
  listNotices,
  markNoticesSeen,
  readAllNotices,
  sendNotice as sendNoticeRoute,
} from '@loupe/contract/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, injectRoute } from '../test/call-route.ts';
import { connectSocket, refusedHandshake } from '../test/sockets.ts';
import { bearer, createTestApp, json, logInAs, OPERATOR_TOKEN, type TestApp } from '../test/test-app.ts';
import { createCustomer } from './seed/factories.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(() => t.close());

const sendNotice = async (email: string, title: string) => {
  const res = await callRoute(t.app, sendNoticeRoute, {
    token: OPERATOR_TOKEN,
    params: { email },
    body: { title, message: 'Details inside.', target_page: 'my-cart:hold' },
  });
  expect(res.status, res.raw.body).toBe(201);
};

async function buyer() {
  const c = await createCustomer(t.deps.db);
  return { ...c, logIn: () => logInAs(t.app, c.email, c.password) };
}

describe('[REALTIME] handshake', () => {
  it('refuses a connection without a token or with an unknown one', async () => {
    const none = await refusedHandshake(baseUrl, {});
    expect(none.data).toEqual({ code: 'UNAUTHORIZED', status: 401 });
    const unknown = await refusedHandshake(baseUrl, { token: 'made-up-token' });
    expect(unknown.data).toEqual({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('refuses the token of a logged-out session (419) and of one ended everywhere (410)', async () => {
    const b = await buyer();
    const out = await b.logIn();
    await injectRoute(t.app, logout, { headers: bearer(out) });
    expect((await refusedHandshake(baseUrl, { token: out })).data).toEqual({
      code: 'SESSION_LOGGED_OUT',
      status: 419,
    });
    const a = await b.logIn();
    const other = await b.logIn();
    await injectRoute(t.app, logoutAll, { headers: bearer(a) });
    expect((await refusedHandshake(baseUrl, { token: other })).data).toEqual({
      code: 'SESSION_ENDED_EVERYWHERE',
      status: 410,
    });
  });
});

describe('[REALTIME] notification events', () => {
  it('tells every tab of the customer about a new notice, and nobody else', async () => {
    const b = await buyer();
    const someoneElse = await buyer();
    const tab1 = await connectSocket(baseUrl, await b.logIn());
    const tab2 = await connectSocket(baseUrl, await b.logIn());
    const stranger = await connectSocket(baseUrl, await someoneElse.logIn());
    try {
      await sendNotice(b.email, 'Invoice ready');
      for (const tab of [tab1, tab2]) {
        await expect.poll(() => tab.events.length).toBe(1);
        expect(tab.events[0]).toEqual({
          change: 'created',
          notice: { id: expect.any(String), title: 'Invoice ready', created_at: expect.any(String) },
        });
      }
      // The stranger's own notice proves its socket works, and that it heard nothing before.
      await sendNotice(someoneElse.email, 'For the stranger');
      await expect.poll(() => stranger.events.length).toBe(1);
      expect(stranger.events[0]).toMatchObject({ notice: { title: 'For the stranger' } });
    } finally {
      for (const s of [tab1, tab2, stranger]) s.close();
    }
  });

  it('tells the other tabs when notices are seen or read, so their badges follow', async () => {
    const b = await buyer();
    const token = await b.logIn();
    const other = await connectSocket(baseUrl, await b.logIn());
    try {
      await sendNotice(b.email, 'Hold expires soon');
      await expect.poll(() => other.events.length).toBe(1);
      const list = await injectRoute(t.app, listNotices, { headers: bearer(token) });
      const [notice] = json<{ notices: { id: string }[] }>(list).notices;
      await injectRoute(t.app, markNoticesSeen, {
        headers: bearer(token),
        rawBody: { notice_ids: [notice!.id] },
      });
      await expect.poll(() => other.events.at(-1)).toEqual({ change: 'updated' });
      await injectRoute(t.app, readAllNotices, { headers: bearer(token) });
      await expect.poll(() => other.events.length).toBe(3);
    } finally {
      other.close();
    }
  });
});

describe('[REALTIME] log-outs close sockets', () => {
  it('closes the sockets of a session that logs out, and only those', async () => {
    const b = await buyer();
    const laptop = await b.logIn();
    const laptopSocket = await connectSocket(baseUrl, laptop);
    const phoneSocket = await connectSocket(baseUrl, await b.logIn());
    try {
      await injectRoute(t.app, logout, { headers: bearer(laptop) });
      expect(await laptopSocket.closed).toBe('io server disconnect');
      await sendNotice(b.email, 'Still here');
      await expect.poll(() => phoneSocket.events.length).toBe(1);
      expect(phoneSocket.socket.connected).toBe(true);
    } finally {
      phoneSocket.close();
    }
  });

  it('closes every socket of the customer on log-out-all, leaving other customers connected', async () => {
    const b = await buyer();
    const c = await buyer();
    const token = await b.logIn();
    const sockets = [
      await connectSocket(baseUrl, token),
      await connectSocket(baseUrl, await b.logIn()),
      await connectSocket(baseUrl, await b.logIn()),
    ];
    const bystander = await connectSocket(baseUrl, await c.logIn());
    try {
      const res = await injectRoute(t.app, logoutAll, { headers: bearer(token) });
      expect(res.statusCode).toBe(204);
      expect(await Promise.all(sockets.map((s) => s.closed))).toEqual(
        sockets.map(() => 'io server disconnect'),
      );
      expect(bystander.socket.connected).toBe(true);
    } finally {
      bystander.close();
    }
  });

  it('closes every socket of the customer on a password change, this session’s too', async () => {
    const b = await buyer();
    const c = await buyer();
    const here = await b.logIn();
    const hereSocket = await connectSocket(baseUrl, here);
    const elsewhere = await connectSocket(baseUrl, await b.logIn());
    const bystander = await connectSocket(baseUrl, await c.logIn());
    try {
      const res = await injectRoute(t.app, changePassword, {
        headers: bearer(here),
        rawBody: {
          password: b.password,
          new_password: 'Another-pass-2027',
          confirm_password: 'Another-pass-2027',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(await Promise.all([hereSocket.closed, elsewhere.closed])).toEqual([
        'io server disconnect',
        'io server disconnect',
      ]);
      expect(bystander.socket.connected).toBe(true);
    } finally {
      bystander.close();
    }
  });
});
