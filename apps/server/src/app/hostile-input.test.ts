import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '@loupe/contract/route';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryLimiter } from '../platform/account-limiter.ts';
import { createTestApp, logInAs, OPERATOR_TOKEN, type TestApp } from '../test/test-app.ts';
import { createCustomer, DEMO_PASSWORD } from './seed/factories.ts';

/**
 * A hostile client against EVERY route of the contract: each file of packages/contract/src is
 * read and each route descriptor in it is attacked, so a route added later is covered without
 * touching this test. Whatever is sent, the answer is never a 500 and every error is
 * `{code, message}`; a caller without a credential hears 401 before any validation.
 */

const contractDir = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

function isRoute(value: unknown): value is RouteDef {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<RouteDef>;
  return (
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    typeof v.summary === 'string' &&
    typeof v.status === 'number' &&
    'auth' in v
  );
}

async function contractRoutes(): Promise<RouteDef[]> {
  const found = new Map<string, RouteDef>();
  for (const file of readdirSync(contractDir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const module = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isRoute(value)) found.set(`${value.method} ${value.path}`, value);
    }
  }
  return [...found.values()];
}

/** Keys of an object schema (through optional/default/pipe wrappers), if it is one. */
function keysOf(schema: unknown): string[] {
  let s = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 10 && s?._zod; i++) {
    const def = s._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    s = (def.innerType ?? def.in) as typeof s;
  }
  return [];
}

const NUL = 'stone\u0000id';
const LONE_SURROGATE = 'stone\ud800id';
const hostileStrings = [
  NUL,
  LONE_SURROGATE,
  'x'.repeat(20_000),
  "' OR 1=1; DROP TABLE stones; --",
  '../../../../etc/passwd',
  '💎\u202e\ufeff',
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
];
// What a hostile path segment looks like on the wire (a lone surrogate cannot be URI-encoded).
const hostileSegments = [
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  'x'.repeat(3000),
  '-1',
  '1e309',
  "'%20OR%201=1",
  '..%2F..',
];
const hostileValues: unknown[] = [...hostileStrings, null, true, -1, 1e308, [], {}, [NUL], { $ne: null }];

// Some thousand requests a test: on a busy machine that takes longer than the default.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
let routes: RouteDef[];
let customerEmail: string;
let customerToken: string | undefined;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ accountLimiter: createMemoryLimiter(1_000_000) });
  routes = await contractRoutes();
  customerEmail = (await createCustomer(t.deps.db, { kycStatus: 'approved' })).email;
});
afterAll(() => t.close());

const paramCandidates = [
  'sms',
  'email',
  '0b7c6f0e-8d4a-4d7e-9c1a-2f3b4c5d6e7f',
  '91',
  '9876543210',
  'a@b.test',
  '000042',
  'x1',
  '1',
];

/** A value each path parameter accepts, so that a test reaches the body's validation. */
function validParam(route: RouteDef, name: string): string {
  const shape = (route.params as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })
    ?.shape;
  const field = shape?.[name];
  return paramCandidates.find((c) => field?.safeParse(c).success) ?? 'x1';
}

function urlOf(route: RouteDef, segment?: string, search = '') {
  const pathPart = route.path.replace(
    /:([A-Za-z_]\w*)/g,
    (_m, name: string) => segment ?? validParam(route, name),
  );
  return `${pathPart}${search}`;
}

/** One call; a customer's session that a call ended (log-out, log-out-all) is renewed and the call made again. */
async function send(
  route: RouteDef,
  options: { url?: string; token?: string; payload?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const res = await sendOnce(route, options);
  if (
    (res.statusCode === 410 || res.statusCode === 419) &&
    options.token &&
    options.token !== OPERATOR_TOKEN
  ) {
    customerToken = await logInAs(t.app, customerEmail, DEMO_PASSWORD);
    return sendOnce(route, { ...options, token: customerToken });
  }
  return res;
}

async function sendOnce(
  route: RouteDef,
  options: { url?: string; token?: string; payload?: string; contentType?: string },
): Promise<LightMyRequestResponse> {
  address += 1;
  return t.app.inject({
    method: route.method,
    url: options.url ?? urlOf(route),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.payload === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
    },
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

function describeCall(route: RouteDef, what: string, res: LightMyRequestResponse) {
  return `${route.method} ${route.path} (${what}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
}

/** No 500, and an error is `{code, message}`. */
function expectHandled(route: RouteDef, what: string, res: LightMyRequestResponse) {
  expect(res.statusCode, describeCall(route, what, res)).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { code?: unknown; message?: unknown };
    expect(typeof body.code, describeCall(route, what, res)).toBe('string');
    expect(typeof body.message, describeCall(route, what, res)).toBe('string');
  }
}

function expectRefused(route: RouteDef, what: string, res: LightMyRequestResponse, status = 400) {
  expect(res.statusCode, describeCall(route, what, res)).toBe(status);
  expectHandled(route, what, res);
}

async function credentialFor(route: RouteDef) {
  if (route.auth === 'operator') return OPERATOR_TOKEN;
  if (route.auth === true) {
    customerToken ??= await logInAs(t.app, customerEmail, DEMO_PASSWORD);
    return customerToken;
  }
  return undefined;
}

const hasBody = (route: RouteDef) => route.method !== 'GET' && route.method !== 'DELETE';

describe('every route of the contract', () => {
  it('finds the routes of the contract, and the app serves each of them', () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !t.app.hasRoute({ method: r.method, url: r.path }));
    // The dev outbox is registered outside production only; the test app is not production.
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('answers a caller without a credential 401 before reading what it sent', async () => {
    const guarded = routes.filter((r) => r.auth !== false);
    expect(guarded.length).toBeGreaterThan(30);
    const someCustomer = await logInAs(t.app, customerEmail, DEMO_PASSWORD);
    for (const route of guarded) {
      const junk = hasBody(route) ? { payload: '{"zzz_not_a_field":"\\u0000"}' } : {};
      const url = urlOf(route, '%00', '?zzz=%00');
      for (const token of [
        undefined,
        'not-a-session-token',
        route.auth === 'operator' ? someCustomer : undefined,
      ]) {
        const res = await send(route, { url, token, ...junk });
        expectRefused(route, `credential ${token ?? 'none'}`, res, 401);
      }
    }
  });

  it('refuses NUL characters and unpaired surrogates in path, query and body with 400', async () => {
    for (const route of routes) {
      const token = await credentialFor(route);
      for (const bad of [NUL, LONE_SURROGATE]) {
        const name = bad === NUL ? 'NUL' : 'lone surrogate';
        const search = `?${new URLSearchParams({ zzz: 'x' })}&q=${bad === NUL ? '%00' : '%ED%A0%80'}`;
        expectHandled(
          route,
          `${name} in query`,
          await send(route, { token, url: urlOf(route, undefined, search) }),
        );
        const keys = keysOf(route.query);
        for (const key of keys) {
          const res = await send(route, {
            token,
            url: urlOf(route, undefined, `?${key}=${bad === NUL ? '%00' : '%ED%A0%80'}`),
          });
          if (bad === NUL) expectRefused(route, `NUL in query ${key}`, res);
          else expectHandled(route, `lone surrogate in query ${key}`, res);
        }
        if (route.path.includes(':')) {
          const res = await send(route, { token, url: urlOf(route, encodeURIComponent(NUL)) });
          expectRefused(route, 'NUL in a path parameter', res);
        }
        if (hasBody(route)) {
          const bodyKeys = keysOf(route.body);
          for (const key of bodyKeys.length ? bodyKeys : ['zzz']) {
            const res = await send(route, { token, payload: JSON.stringify({ [key]: bad }) });
            expectRefused(route, `${name} in body ${key}`, res);
          }
          const res = await send(route, { token, payload: JSON.stringify({ [bad]: 1 }) });
          expectRefused(route, `${name} in a body key`, res);
        }
      }
    }
  });

  it('refuses a body key its schema does not name, naming it', async () => {
    for (const route of routes.filter((r) => hasBody(r) && keysOf(r.body).length > 0)) {
      const token = await credentialFor(route);
      const res = await send(route, { token, payload: JSON.stringify({ zzz_misspelt_filter: 1 }) });
      expectRefused(route, 'unknown key', res);
      expect(res.body, describeCall(route, 'unknown key', res)).toContain('zzz_misspelt_filter');
    }
  });

  it('answers hostile values in every field, parameter and content type with a 4xx', async () => {
    for (const route of routes) {
      const token = await credentialFor(route);
      for (const segment of route.path.includes(':') ? hostileSegments : []) {
        expectHandled(
          route,
          `path ${segment.slice(0, 20)}`,
          await send(route, { token, url: urlOf(route, segment) }),
        );
      }
      for (const key of keysOf(route.query)) {
        for (const value of hostileStrings.filter((v) => v !== NUL && v !== LONE_SURROGATE)) {
          const url = urlOf(route, undefined, `?${new URLSearchParams({ [key]: value })}&${key}=2`);
          expectHandled(route, `query ${key}=${value.slice(0, 20)}`, await send(route, { token, url }));
        }
      }
      if (!hasBody(route)) continue;
      const payloads: [string, string, string?][] = [
        ['invalid JSON', '{"a":'],
        ['JSON null', 'null'],
        ['JSON array', '[]'],
        ['JSON string', '"text"'],
        ['JSON number', '12'],
        ['prototype pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
        ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
        ['plain text', 'hello', 'text/plain'],
        ['unknown content type', 'hello', 'application/x-whatever'],
        ['multipart without boundary', '--x\r\n\r\n', 'multipart/form-data'],
        ['form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
        ['JSON with a bad charset', '{}', 'application/json; charset=utf-7'],
      ];
      for (const [what, payload, contentType] of payloads) {
        expectHandled(route, what, await send(route, { token, payload, contentType }));
      }
      for (const key of keysOf(route.body)) {
        for (const value of hostileValues) {
          const res = await send(route, { token, payload: JSON.stringify({ [key]: value }) });
          expectHandled(route, `body ${key}=${JSON.stringify(value).slice(0, 20)}`, res);
        }
      }
    }
  });
});
