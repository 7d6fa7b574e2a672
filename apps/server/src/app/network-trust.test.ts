import { devOutbox, referralCodes } from '@loupe/contract/portal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { callRoute } from '../test/call-route.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Each test starts its own apps (the first one migrates the template database).
vi.setConfig({ testTimeout: 60_000 });

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWith(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const t = await createTestApp({ config });
  apps.push(t);
  return t;
}

describe('X-Forwarded-For is believed only from the proxies of TRUST_PROXY', () => {
  it('by default, a client rotating X-Forwarded-For still meets its per-IP limit', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3' });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await callRoute(t.app, referralCodes, {
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('behind a configured proxy, each forwarded client has its own limit; others are not believed', async () => {
    const t = await appWith({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '10.0.0.0/8' });
    for (let i = 1; i <= 4; i++) {
      const res = await callRoute(t.app, referralCodes, {
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await callRoute(t.app, referralCodes, {
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': `203.0.113.${i + 10}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses a TRUST_PROXY that is not addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone; drop' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });
});

describe('safe defaults', () => {
  it('listens on the loopback interface and trusts no proxy unless told', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toBeUndefined();
  });

  it('serves the dev outbox to this machine only, never through a proxy, never in production', async () => {
    const t = await appWith({});
    const local = await callRoute(t.app, devOutbox, {
      query: { to: 'a@b.test' },
      remoteAddress: '127.0.0.1',
    });
    expect(local.status).toBe(200);
    const stranger = await callRoute(t.app, devOutbox, {
      query: { to: 'a@b.test' },
      remoteAddress: '203.0.113.5',
    });
    expect(stranger.status).toBe(404);
    expect(stranger.error?.code).toBe('NOT_FOUND');
    const proxied = await callRoute(t.app, devOutbox, {
      query: { to: 'a@b.test' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(proxied.status).toBe(404);
    const production = await appWith({ NODE_ENV: 'production' });
    const there = await callRoute(production.app, devOutbox, { query: { to: 'a@b.test' } });
    expect(there.status).toBe(404);
  });
});
