import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

describe('[SYSTEM] health, docs and errors', () => {
  it('answers GET /health with 200 {status: "ok"}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document at /docs/json listing the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Loupe API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/store/auth/token',
        '/store/customers/me',
        '/store/customers',
        '/store/customers/sms/otp/send',
        '/store/customers/{query}/password-reset-otp/send',
        '/health',
      ]),
    );
    // Routes behind a login say so; login itself does not.
    expect(doc.paths['/store/customers/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/store/auth/token']?.post?.security).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an unknown path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/no/such/thing'],
      ['POST', '/store/customers/me/teleport'],
      ['GET', '/api/store/customers/me'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(json(res)).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('answers malformed or odd JSON bodies with 400 VALIDATION_FAILED, never 500', async () => {
    for (const body of [
      '{"email": "a@b.test", ',
      'not json at all',
      '',
      '"just a string"',
      'null',
      '[1,2]',
      '{"__proto__": {"x": 1}}',
    ]) {
      const res = await postJson('/store/auth/token', body);
      expect(res.statusCode, body).toBe(400);
      expect(json(res), body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('answers a body in an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/store/auth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><email>a@b.test</email></login>',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('UNSUPPORTED_MEDIA');
    // Plain text is read as a string, which is not a valid login.
    const text = await t.app.inject({
      method: 'POST',
      url: '/store/auth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.test',
    });
    expect(text.statusCode).toBe(400);
    expect(json(text).code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await postJson('/store/auth/token', big);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('answers bad query values and bearer tokens with 4xx JSON, never 500', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await logInAs(t.app, c.email, c.password);
    for (const url of [
      '/store/customers/me/profile-photo?size=abc',
      '/store/customers/me/profile-photo?size=32&size=128',
      '/store/customers/me/profile-photo?size=-1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
    for (const authorization of [
      'Bearer',
      'Bearer    ',
      'Basic abc',
      `Bearer ${'x'.repeat(5000)}`,
      'Bearer a b',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/store/customers/me',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(json(res).code).toBe('UNAUTHORIZED');
    }
  });

  it('keeps the dev outbox outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__dev/outbox?to=someone%40example.test' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ messages: [] });
    const missingTo = await t.app.inject({ method: 'GET', url: '/__dev/outbox' });
    expect(missingTo.statusCode).toBe(400);
  });

  it('has no dev outbox in production', async () => {
    const production = await createTestApp({
      config: loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        WEB_DIST: '/nonexistent',
        RATE_LIMIT_PER_IP: '10000',
      }),
    });
    try {
      const res = await production.app.inject({
        method: 'GET',
        url: '/__dev/outbox?to=someone%40example.test',
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
      const doc = json<{ paths: Record<string, unknown> }>(
        await production.app.inject({ method: 'GET', url: '/docs/json' }),
      );
      expect(Object.keys(doc.paths)).not.toContain('/__dev/outbox');
      expect((await production.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
