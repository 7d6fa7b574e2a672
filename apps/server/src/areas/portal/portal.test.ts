import { login, sendPasswordResetOtp, sendSmsOtp } from '@loupe/contract/auth';
import { getMe, getProfilePhoto, register } from '@loupe/contract/customers';
import { devOutbox, health } from '@loupe/contract/portal';
import { requestLine } from '@loupe/contract/request';
import type { RouteDef } from '@loupe/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { injectRoute, openApiPath } from '../../test/call-route.ts';
import { createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postJson = (route: RouteDef, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    ...requestLine(route),
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

describe('[SYSTEM] health, docs and errors', () => {
  it('answers GET /health with 200 {status: "ok"}', async () => {
    const res = await injectRoute(t.app, health, {});
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
      expect.arrayContaining(
        [login, getMe, register, sendSmsOtp, sendPasswordResetOtp, health].map(openApiPath),
      ),
    );
    // Routes behind a login say so; login itself does not.
    expect(doc.paths[openApiPath(getMe)]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths[openApiPath(login)]?.post?.security).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an unknown path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/no/such/thing'],
      ['POST', `${getMe.path}/teleport`],
      ['GET', `/api${getMe.path}`],
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
      const res = await postJson(login, body);
      expect(res.statusCode, body).toBe(400);
      expect(json(res), body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('answers a body in an unsupported content type with 415', async () => {
    const res = await injectRoute(t.app, login, {
      headers: { 'content-type': 'application/xml' },
      rawBody: '<login><email>a@b.test</email></login>',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('UNSUPPORTED_MEDIA');
    // Plain text is read as a string, which is not a valid login.
    const text = await injectRoute(t.app, login, {
      headers: { 'content-type': 'text/plain' },
      rawBody: 'email=a@b.test',
    });
    expect(text.statusCode).toBe(400);
    expect(json(text).code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await postJson(login, big);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('answers bad query values and bearer tokens with 4xx JSON, never 500', async () => {
    const c = await createCustomer(t.deps.db);
    const token = await logInAs(t.app, c.email, c.password);
    for (const search of ['?size=abc', '?size=32&size=128', '?size=-1']) {
      const res = await injectRoute(t.app, getProfilePhoto, { search, token });
      expect(res.statusCode, search).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
    for (const authorization of [
      'Bearer',
      'Bearer    ',
      'Basic abc',
      `Bearer ${'x'.repeat(5000)}`,
      'Bearer a b',
    ]) {
      const res = await injectRoute(t.app, getMe, { headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(json(res).code).toBe('UNAUTHORIZED');
    }
  });

  it('keeps the dev outbox outside production', async () => {
    const res = await injectRoute(t.app, devOutbox, { query: { to: 'someone@example.test' } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ messages: [] });
    const missingTo = await injectRoute(t.app, devOutbox, {});
    expect(missingTo.statusCode).toBe(400);
  });

  it('has no dev outbox and no /docs in production', async () => {
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
      const res = await injectRoute(production.app, devOutbox, { query: { to: 'someone@example.test' } });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
      // Nor the API's description (for developers), and the outbox is not in it.
      expect((await production.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
      // Not even built there, so nothing of it (the outbox's path) can leak.
      expect(production.app.hasDecorator('swagger')).toBe(false);
      expect((await injectRoute(production.app, health, {})).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
