import net from 'node:net';
import { login, lookupPhone } from '@loupe/contract/auth';
import { getMe } from '@loupe/contract/customers';
import { health, referralCodes } from '@loupe/contract/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { callRoute } from '../test/call-route.ts';
import { createTestApp, logInAs, type TestApp } from '../test/test-app.ts';
import { createCustomer, DEMO_PASSWORD } from './seed/factories.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(() => t.close());

/** Sends raw bytes and answers the raw HTTP response (what Node's parser says, before Fastify). */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
  });
}

describe("Fastify's and Node's own refusals have the error format", () => {
  it('answers headers that are too large 431 {code, message}', async () => {
    const answer = await rawRequest(
      `GET ${health.path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The request headers are too large.',
    });
  });

  it('answers a malformed request line 400 {code, message}', async () => {
    const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).code).toBe('VALIDATION_FAILED');
  });

  it('answers a content type it does not read 415, bad JSON 400, an unknown path 404', async () => {
    const text = await callRoute(t.app, login, {
      payload: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(text.status).toBe(415);
    expect(text.error).toEqual({ code: 'UNSUPPORTED_MEDIA', message: 'This content type is not supported.' });
    const bad = await callRoute(t.app, login, {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
    const unknown = await t.app.inject({ method: 'GET', url: '/store/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('response headers', () => {
  it('says no-store on every API answer about an account', async () => {
    const customer = await createCustomer(t.deps.db);
    const token = await logInAs(t.app, customer.email, DEMO_PASSWORD);
    const me = await callRoute(t.app, getMe, { token });
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const signIn = await callRoute(t.app, login, {
      body: { email: customer.email, password: DEMO_PASSWORD },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over https, as a trusted proxy reports it', async () => {
    const plain = await callRoute(t.app, referralCodes, { headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        WEB_DIST: '/nonexistent',
        TRUST_PROXY: '127.0.0.1',
      }),
    });
    try {
      const https = await callRoute(proxied.app, referralCodes, {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.4' },
      });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

/** `count` phone lookups of numbers `prefix` 00, 01, … from one address: their statuses, and the last answer. */
async function lookUpPhones(app: TestApp, count: number, prefix: string, remoteAddress: string) {
  const statuses: number[] = [];
  let last: Awaited<ReturnType<typeof callRoute>> | undefined;
  for (let i = 0; i < count; i++) {
    last = await callRoute(app.app, lookupPhone, {
      params: { country_code: '91', phone_number: `${prefix}${String(i).padStart(2, '0')}` },
      remoteAddress,
    });
    statuses.push(last.status);
  }
  return { statuses, last };
}

describe('who is registered is not for crawling', () => {
  it('answers the phone lookup 20 times a minute to one address, then 429 with Retry-After', async () => {
    const { statuses, last } = await lookUpPhones(t, 21, '98765000', '203.0.113.77');
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('allows as many lookups a minute as RATE_LIMIT_PROBES_PER_IP says', async () => {
    const generous = await createTestApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        WEB_DIST: '/nonexistent',
        RATE_LIMIT_PROBES_PER_IP: '25',
      }),
    });
    try {
      const { statuses } = await lookUpPhones(generous, 26, '98766000', '203.0.113.78');
      expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
      expect(statuses[25]).toBe(429);
    } finally {
      await generous.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('has no reference to a schema it does not define', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const refs = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, inner] of Object.entries(v)) {
          if (k === '$ref' && typeof inner === 'string') refs.add(inner);
          else walk(inner);
        }
      }
    };
    walk(doc);
    const dangling = [...refs].filter((ref) => {
      const parts = ref.replace(/^#\//, '').split('/');
      let at: unknown = doc;
      for (const p of parts) at = (at as Record<string, unknown> | undefined)?.[decodeURIComponent(p)];
      return at === undefined;
    });
    expect(dangling).toEqual([]);
  });
});
