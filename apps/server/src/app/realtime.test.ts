import { changePassword, logout, logoutAll } from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import {
  listNotices,
  markNoticesSeen,
  readAllNotices,
  sendNotice as sendNoticeRoute,
} from '@loupe/contract/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endMaintenance, startMaintenance } from '../areas/portal/index.ts';
import { admin } from '../test/admin.ts';
import { callRoute, expectOk, injectRoute } from '../test/call-route.ts';
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

describe('[REALTIME] the maintenance switch', () => {
  const inAnHour = () => {
    const end = new Date(t.clock.now().getTime() + 3_600_000);
    end.setUTCMilliseconds(0);
    return end.toISOString();
  };
  const OFF = { end_date: null };

  it('tells every connected customer’s tab at once when the sales team turns maintenance on and off', async () => {
    const b = await buyer();
    const c = await buyer();
    const token = await b.logIn();
    const tabs = [
      await connectSocket(baseUrl, token),
      await connectSocket(baseUrl, await b.logIn()),
      await connectSocket(baseUrl, await c.logIn()),
    ];
    try {
      const end = inAnHour();
      // Each tab is told the state as it connects: off.
      for (const tab of tabs) await expect.poll(() => tab.maintenance).toEqual([OFF]);
      await admin(t, 'maintenance', 'on', end);
      for (const tab of tabs) await expect.poll(() => tab.maintenance).toEqual([OFF, { end_date: end }]);
      // What the tab then asks for says the same: the shell shows the maintenance view.
      expect((await expectOk(t.app, getMe, { token })).customer.maintenance_mode).toEqual({ end_date: end });

      // The same end again changes nothing, and is not told again.
      await admin(t, 'maintenance', 'on', end);
      await admin(t, 'maintenance', 'off');
      for (const tab of tabs) {
        await expect.poll(() => tab.maintenance).toEqual([OFF, { end_date: end }, OFF]);
      }
      expect((await expectOk(t.app, getMe, { token })).customer.maintenance_mode).toEqual({ end_date: null });
      expect(tabs.every((tab) => tab.events.length === 0)).toBe(true);
    } finally {
      await admin(t, 'maintenance', 'off');
      for (const tab of tabs) tab.close();
    }
  });

  it('tells every switch in the order of its commit, even one undone before the instance could read it', async () => {
    const b = await buyer();
    const tab = await connectSocket(baseUrl, await b.logIn());
    try {
      const end = inAnHour();
      await expect.poll(() => tab.maintenance).toEqual([OFF]);
      // On and off in one commit: when the instance hears of the switch on, maintenance is already off.
      await t.deps.db.transaction(async (tx) => {
        await startMaintenance(tx, t.clock, new Date(end));
        await endMaintenance(tx);
      });
      await expect.poll(() => tab.maintenance).toEqual([OFF, { end_date: end }, OFF]);
    } finally {
      await admin(t, 'maintenance', 'off');
      tab.close();
    }
  });

  it('tells a tab that connects after the switch the state at once (it may have read the customer before it)', async () => {
    const b = await buyer();
    const end = inAnHour();
    await admin(t, 'maintenance', 'on', end);
    const late = await connectSocket(baseUrl, await b.logIn());
    try {
      await expect.poll(() => late.maintenance).toEqual([{ end_date: end }]);
      await admin(t, 'maintenance', 'off');
      await expect.poll(() => late.maintenance).toEqual([{ end_date: end }, OFF]);
      const later = await connectSocket(baseUrl, await b.logIn());
      await expect.poll(() => later.maintenance).toEqual([OFF]);
      later.close();
    } finally {
      await admin(t, 'maintenance', 'off');
      late.close();
    }
  });

  it('reaches the running server’s tabs when the command line answers the command with an app of its own', async () => {
    // With PostgreSQL, `npm run admin` does not go through the server: it opens the database and
    // answers the operator route in its own process, without background work or sockets.
    const commandLine = await createTestApp({ background: false, clock: t.clock }, { database: t.database });
    const b = await buyer();
    const tab = await connectSocket(baseUrl, await b.logIn());
    try {
      const end = inAnHour();
      await expect.poll(() => tab.maintenance).toEqual([OFF]);
      await admin(commandLine, 'maintenance', 'on', end);
      await expect.poll(() => tab.maintenance).toEqual([OFF, { end_date: end }]);
      await admin(commandLine, 'maintenance', 'off');
      await expect.poll(() => tab.maintenance).toEqual([OFF, { end_date: end }, OFF]);
    } finally {
      await admin(t, 'maintenance', 'off');
      tab.close();
      await commandLine.close();
    }
  });
});
