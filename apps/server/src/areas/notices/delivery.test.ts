import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getNotificationPreferences,
  getWebPushKey,
  listNotices,
  saveDeviceUuid,
  sendNotice,
  updateNotificationPreferences,
} from '@loupe/contract/notices';
import { devOutbox } from '@loupe/contract/portal';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createCustomer } from '../../app/seed/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { devices, notices } from '../../platform/db/schema/index.ts';
import { callRoute, injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, OPERATOR_TOKEN, type TestApp } from '../../test/test-app.ts';
import { createNotice } from './create-notice.ts';

/** A push service of our own on 127.0.0.1: records what it receives, answers what the test says. */
interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}
const received: PushRequest[] = [];
let pushAnswer = 201;
/** While set, the push service answers nothing until it settles (a push service that hangs). */
let holdPushes: Promise<void> | null = null;
let pushService: http.Server;
let pushBase: string;

const vapid = webPush.generateVAPIDKeys();
let t: TestApp;

beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      const answer = () => {
        received.push({ path: req.url ?? '', headers: req.headers, bytes });
        res.writeHead(pushAnswer).end();
      };
      if (holdPushes) void holdPushes.then(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_IP: '10000',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push@loupe.test',
  });
  t = await createTestApp({ config });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's subscription: a P-256 key pair and an auth secret, as PushManager.subscribe makes. */
function browserSubscription(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${pushBase}/push/${name}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

async function buyer() {
  const c = await createCustomer(t.deps.db);
  const token = await logInAs(t.app, c.email, c.password);
  return { ...c, token };
}

const getPreferences = (token: string) =>
  injectRoute(t.app, getNotificationPreferences, { headers: bearer(token) });
const putPreferences = (token: string, payload: Record<string, unknown>) =>
  injectRoute(t.app, updateNotificationPreferences, { headers: bearer(token), rawBody: payload });

async function raise(customerId: string, kind: 'operator' | 'stone_on_hold', title: string) {
  const created = await t.deps.db.transaction((tx) =>
    createNotice(tx, t.clock, {
      customerId,
      kind,
      title,
      message: `${title}: details.`,
      targetPage: 'my-cart:hold',
    }),
  );
  t.clock.advance(1000);
  // The dispatcher picks the notice up after the commit; wait until it has.
  await expect
    .poll(async () => {
      const [row] = await t.deps.db.select().from(notices).where(eq(notices.id, created.id));
      return row?.dispatchedAt ?? null;
    })
    .not.toBeNull();
  return created;
}

async function emailsTo(email: string) {
  const res = await injectRoute(t.app, devOutbox, { query: { to: email } });
  return json<{ messages: { subject: string | null; body: string }[] }>(res).messages;
}

describe('[NOTICES] notification preferences', () => {
  it('starts with all notices on every channel and saves a change', async () => {
    const b = await buyer();
    expect(json(await getPreferences(b.token))).toEqual({
      preferences: { type: 'All', platforms: { web: true, mobile: true, email: true } },
    });
    const wanted = { type: 'Important', platforms: { web: true, mobile: false, email: false } };
    const saved = await putPreferences(b.token, wanted);
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toEqual({ preferences: wanted });
    expect(json(await getPreferences(b.token))).toEqual({ preferences: wanted });
    // Another customer keeps the defaults.
    const other = await buyer();
    expect(json(await getPreferences(other.token))).toMatchObject({ preferences: { type: 'All' } });
  });

  it('refuses preferences that are not exactly the type and the three channels', async () => {
    const b = await buyer();
    for (const payload of [
      {},
      { type: 'Some', platforms: { web: true, mobile: true, email: true } },
      { type: 'All', platforms: { web: true, mobile: true } },
      { type: 'All', platforms: { web: 'yes', mobile: true, email: true } },
      { type: 'All', platforms: { web: true, mobile: true, email: true, sms: true } },
    ]) {
      const res = await putPreferences(b.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('[NOTICES] channels follow the preferences when a notice is sent', () => {
  it('emails a notice with a link to its page while email is on', async () => {
    const b = await buyer();
    await raise(b.id, 'operator', 'Invoice ready');
    await expect.poll(async () => (await emailsTo(b.email)).length).toBe(1);
    const [mail] = await emailsTo(b.email);
    expect(mail!.subject).toBe('Invoice ready');
    expect(mail!.body).toContain('Invoice ready: details.');
    expect(mail!.body).toContain('/v2/my-cart?path=hold');
  });

  it('sends no email with email off, and nothing but important notices with "Important Only"', async () => {
    const b = await buyer();
    await putPreferences(b.token, { type: 'All', platforms: { web: true, mobile: true, email: false } });
    await raise(b.id, 'operator', 'Quiet one');
    await putPreferences(b.token, { type: 'Important', platforms: { web: true, mobile: true, email: true } });
    const minor = await raise(b.id, 'stone_on_hold', 'Stone on hold');
    const major = await raise(b.id, 'operator', 'KYC documents needed');
    expect(minor.channels).toEqual({ web: false, mobile: false, email: false });
    expect(major.channels).toEqual({ web: true, mobile: true, email: true });
    await expect
      .poll(async () => (await emailsTo(b.email)).map((m) => m.subject))
      .toEqual(['KYC documents needed']);
    // The bell keeps every notice, whatever reached the customer elsewhere.
    const list = await injectRoute(t.app, listNotices, { headers: bearer(b.token) });
    expect(json<{ notices: { title: string }[] }>(list).notices.map((n) => n.title)).toEqual([
      'KYC documents needed',
      'Stone on hold',
      'Quiet one',
    ]);
  });
});

describe('[NOTICES] a burst of notices (decision 063)', () => {
  it('dispatches every notice of a burst once: each emailed once, with emails off for none but the one who said so', async () => {
    const loud = await Promise.all([buyer(), buyer(), buyer()]);
    const quiet = await buyer();
    await putPreferences(quiet.token, { type: 'All', platforms: { web: true, mobile: true, email: false } });
    const written: { id: string }[] = [];
    // One after another, as bids outbid their leaders: most arrive while a claim is gathering.
    for (let i = 0; i < 24; i += 1) {
      const to = i % 4 === 3 ? quiet : loud[i % 4]!;
      written.push(
        await t.deps.db.transaction((tx) =>
          createNotice(tx, t.clock, {
            customerId: to.id,
            kind: 'operator',
            title: `Outbid ${i}`,
            message: `Stone ${i}: details.`,
            targetPage: 'new-arrival:activeBid',
          }),
        ),
      );
    }
    await expect
      .poll(async () => {
        const rows = await t.deps.db
          .select({ at: notices.dispatchedAt })
          .from(notices)
          .where(
            inArray(
              notices.id,
              written.map((n) => n.id),
            ),
          );
        return rows.filter((r) => r.at !== null).length;
      })
      .toBe(24);
    for (const [k, b] of loud.entries()) {
      const expected = Array.from({ length: 24 }, (_, i) => i)
        .filter((i) => i % 4 === k)
        .map((i) => `Outbid ${i}`);
      await expect
        .poll(async () => (await emailsTo(b.email)).map((m) => m.subject).sort())
        .toEqual(expected.sort());
    }
    expect(await emailsTo(quiet.email)).toEqual([]);
  });
});

describe('[NOTICES] web push', () => {
  it('publishes the VAPID public key browsers subscribe with', async () => {
    const res = await injectRoute(t.app, getWebPushKey, {});
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ vapid_public_key: vapid.publicKey });
  });

  it('pushes a notice, encrypted and signed, to every browser the customer saved', async () => {
    const b = await buyer();
    for (const name of ['laptop', 'desktop']) {
      const saved = await injectRoute(t.app, saveDeviceUuid, {
        headers: bearer(b.token),
        rawBody: {
          device_uuid: `${b.id}-${name}`,
          push_subscription: browserSubscription(`${b.id}-${name}`),
        },
      });
      expect(saved.statusCode).toBe(204);
    }
    await raise(b.id, 'operator', 'Bid won');
    await expect.poll(() => received.filter((r) => r.path.includes(b.id)).length).toBe(2);
    for (const push of received.filter((r) => r.path.includes(b.id))) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
      expect(push.headers.authorization).toContain(vapid.publicKey);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.bytes).toBeGreaterThan(100);
    }
  });

  it('queues the email with the claim of the notice: a push service that hangs holds up no email', async () => {
    const b = await buyer();
    await injectRoute(t.app, saveDeviceUuid, {
      headers: bearer(b.token),
      rawBody: { device_uuid: `${b.id}-slow`, push_subscription: browserSubscription(`${b.id}-slow`) },
    });
    let release = () => {};
    holdPushes = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await raise(b.id, 'operator', 'Parcel shipped');
      // The claim has committed: its email is queued already, while the push still waits.
      expect((await emailsTo(b.email)).map((m) => m.subject)).toEqual(['Parcel shipped']);
      expect(received.filter((r) => r.path.includes(b.id))).toEqual([]);
    } finally {
      holdPushes = null;
      release();
    }
    await expect.poll(() => received.filter((r) => r.path.includes(b.id)).length).toBe(1);
  });

  it('pushes nothing with the web channel off', async () => {
    const b = await buyer();
    await injectRoute(t.app, saveDeviceUuid, {
      headers: bearer(b.token),
      rawBody: { device_uuid: `${b.id}-web-off`, push_subscription: browserSubscription(`${b.id}-web-off`) },
    });
    await putPreferences(b.token, { type: 'All', platforms: { web: false, mobile: true, email: true } });
    await raise(b.id, 'operator', 'Not in the browser');
    await expect.poll(async () => (await emailsTo(b.email)).length).toBe(1);
    expect(received.filter((r) => r.path.includes(b.id))).toEqual([]);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const b = await buyer();
    await injectRoute(t.app, saveDeviceUuid, {
      headers: bearer(b.token),
      rawBody: { device_uuid: `${b.id}-old`, push_subscription: browserSubscription(`${b.id}-old`) },
    });
    pushAnswer = 410;
    try {
      await raise(b.id, 'operator', 'Anyone there?');
      await expect
        .poll(async () => {
          const [device] = await t.deps.db.select().from(devices).where(eq(devices.customerId, b.id));
          return device?.pushSubscription ?? null;
        })
        .toBeNull();
    } finally {
      pushAnswer = 201;
    }
  });
});

describe('[NOTICES] without VAPID keys', () => {
  it('offers no key, keeps devices without pushing, and still delivers to the bell and by email', async () => {
    const plain = await createTestApp();
    try {
      expect(json(await injectRoute(plain.app, getWebPushKey, {}))).toEqual({
        vapid_public_key: null,
      });
      const c = await createCustomer(plain.deps.db);
      const token = await logInAs(plain.app, c.email, c.password);
      const saved = await injectRoute(plain.app, saveDeviceUuid, {
        headers: bearer(token),
        rawBody: { device_uuid: `${c.id}-plain`, push_subscription: browserSubscription(`${c.id}-plain`) },
      });
      expect(saved.statusCode).toBe(204);
      const sent = await callRoute(plain.app, sendNotice, {
        token: OPERATOR_TOKEN,
        params: { email: c.email },
        body: { title: 'Memo returned', message: 'Memo 88 is back in stock.' },
      });
      expect(sent.status).toBe(201);
      await expect
        .poll(async () => {
          const res = await injectRoute(plain.app, devOutbox, { query: { to: c.email } });
          return json<{ messages: { subject: string }[] }>(res).messages.map((m) => m.subject);
        })
        .toEqual(['Memo returned']);
      const list = await injectRoute(plain.app, listNotices, { headers: bearer(token) });
      expect(json(list)).toMatchObject({ count: 1, unseen_count: 1 });
      expect(received.filter((r) => r.path.includes(c.id))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
