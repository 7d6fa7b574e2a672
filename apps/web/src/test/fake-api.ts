import { type ErrorCode, errorBody, errorStatus } from '@loupe/contract/errors';
import type { ResponseOf, RouteDef } from '@loupe/contract/route';
import { strictInput } from '@loupe/contract/strict';
import { vi } from 'vitest';

/**
 * The API as a web test sees it, held to the contract: `fetch` is stubbed by contract route
 * (method and path pattern of the route descriptor), every request's params, query and body are
 * parsed with the route's schemas, and every fake answer with its `response` schema (an error
 * answer with the contract's error format and the status errors.ts gives its code). Anything that
 * does not fit, or a call nobody answers, fails the test (test/setup.ts checks after each test).
 *
 *   const api = fakeApi();
 *   api.on(login, { access_token: 't', customer: buildCustomer() });
 *   api.once(confirmStones, fail('STONE_UNAVAILABLE', 'LD-B is no longer available.', details));
 *   ...
 *   expect(api.callsTo(login)[0]?.body).toMatchObject({ email: 'buyer@loupe.test' });
 */

export interface FakeCall {
  route: RouteDef;
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The body as the route's schema reads it. */
  body: unknown;
  headers: Record<string, string>;
}

const FAILURE = Symbol('failure');
const RAW = Symbol('raw');
const OFFLINE = Symbol('offline');

interface Failure {
  [FAILURE]: true;
  status: number;
  body: { code: string; message: string; details?: unknown };
}
interface Raw {
  [RAW]: true;
  status: number;
  body: string | null;
  contentType: string;
}
interface Offline {
  [OFFLINE]: true;
}

/** An error answer in the contract's format, with the status the contract gives its code. */
export function fail(code: ErrorCode, message: string, details?: unknown): Failure {
  return { [FAILURE]: true, status: errorStatus[code], body: { code, message, details } };
}

/** An answer outside the JSON contract: a file, or what a proxy says when the server is down. */
export function raw(status: number, body: string | null, contentType = 'text/plain'): Raw {
  return { [RAW]: true, status, body, contentType };
}

/** No answer at all: the connection is gone. */
export const offline: Offline = { [OFFLINE]: true };

function isMarked<T>(answer: unknown, mark: symbol): answer is T {
  return typeof answer === 'object' && answer !== null && mark in answer;
}

export type FakeAnswer<R> = ResponseOf<R> | Failure | Raw | Offline | undefined;
type Handler<R> = (call: FakeCall) => FakeAnswer<R> | Promise<FakeAnswer<R>>;

interface Entry {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  queue: Handler<RouteDef>[];
  always: Handler<RouteDef> | null;
}

const problems: string[] = [];

/** Contract mismatches and unanswered calls of the current test; emptied when read. */
export function takeFakeApiProblems(): string[] {
  return problems.splice(0, problems.length);
}

function problem(text: string): Error {
  problems.push(text);
  return new Error(text);
}

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The request's headers, names in lower case. */
function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = init?.headers;
  const pairs: [string, string][] =
    given instanceof Headers
      ? [...given.entries()]
      : Array.isArray(given)
        ? (given as [string, string][])
        : Object.entries((given ?? {}) as Record<string, string>);
  for (const [name, value] of pairs) headers[name.toLowerCase()] = value;
  return headers;
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function fakeApi() {
  const entries: Entry[] = [];
  const calls: FakeCall[] = [];

  const entryOf = (route: RouteDef): Entry => {
    let entry = entries.find((candidate) => candidate.route === route);
    if (!entry) {
      entry = { route, ...patternOf(route.path), queue: [], always: null };
      entries.push(entry);
    }
    return entry;
  };

  const handlerOf = <R extends RouteDef>(answer: FakeAnswer<R> | Handler<R>): Handler<RouteDef> =>
    (typeof answer === 'function' ? answer : () => answer) as Handler<RouteDef>;

  const respond = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const matched = entries
      .filter((entry) => entry.route.method === method)
      .map((entry) => ({ entry, match: entry.pattern.exec(url.pathname) }))
      .find((candidate) => candidate.match !== null);
    if (!matched?.match) throw problem(`No fake answer for ${method} ${url.pathname}`);
    const { entry, match } = matched;
    const { route } = entry;
    const where = `${route.method} ${route.path}`;

    const rawParams = Object.fromEntries(
      entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
    );
    const params = route.params
      ? route.params.safeParse(rawParams)
      : { success: true as const, data: rawParams };
    if (!params.success)
      throw problem(`${where}: the path parameters break the contract: ${issuesOf(params.error)}`);
    const rawQuery = Object.fromEntries(url.searchParams);
    if (!route.query && Object.keys(rawQuery).length > 0) {
      throw problem(`${where}: the contract has no query, the call sent ${url.search}`);
    }
    const query = route.query ? route.query.safeParse(rawQuery) : { success: true as const, data: rawQuery };
    if (!query.success) throw problem(`${where}: the query breaks the contract: ${issuesOf(query.error)}`);

    let body: unknown;
    if (init?.body instanceof FormData) {
      const upload = route.upload;
      if (!upload) throw problem(`${where}: the contract takes no upload, the call sent a form`);
      const files = init.body.getAll(upload.field).filter((value) => typeof value !== 'string');
      if (files.length !== 1)
        throw problem(`${where}: the upload sent ${files.length} files in "${upload.field}", not one`);
      const texts = Object.fromEntries(
        [...init.body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const fields = upload.fields?.safeParse(texts);
      if (fields && !fields.success)
        throw problem(`${where}: the upload's fields break the contract: ${issuesOf(fields.error)}`);
      body = init.body;
    } else if (init?.body !== undefined && init.body !== null) {
      if (!route.body) throw problem(`${where}: the contract has no body, the call sent one`);
      // As strictly as the server reads it: a key the contract does not name is refused (400).
      const parsed = strictInput(route.body).safeParse(JSON.parse(String(init.body)));
      if (!parsed.success)
        throw problem(`${where}: the request body breaks the contract: ${issuesOf(parsed.error)}`);
      body = parsed.data;
    } else if (route.body && !route.body.safeParse(undefined).success) {
      throw problem(`${where}: the contract wants a body, the call sent none`);
    }

    const call: FakeCall = {
      route,
      method,
      url: `${url.pathname}${url.search}`,
      params: params.data as Record<string, unknown>,
      query: query.data as Record<string, unknown>,
      body,
      headers: headersOf(init),
    };
    calls.push(call);

    const handler = entry.queue.shift() ?? entry.always;
    if (!handler) throw problem(`${where}: called once more than the test answers`);
    const answer = await handler(call);

    if (isMarked<Offline>(answer, OFFLINE)) throw new TypeError('Failed to fetch');
    if (isMarked<Raw>(answer, RAW)) {
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'Content-Type': answer.contentType },
      });
    }
    if (isMarked<Failure>(answer, FAILURE)) {
      const checked = errorBody.safeParse(answer.body);
      if (!checked.success)
        throw problem(`${where}: the error answer breaks the contract: ${issuesOf(checked.error)}`);
      return json(answer.status, checked.data);
    }
    if (route.status === 204) {
      if (answer !== undefined) throw problem(`${where}: the contract answers 204 without a body`);
      return json(204, null);
    }
    if (!route.response) throw problem(`${where}: the contract answers a file; answer it with raw()`);
    const checked = route.response.safeParse(answer);
    if (!checked.success)
      throw problem(`${where}: the fake answer breaks the contract: ${issuesOf(checked.error)}`);
    return json(route.status, checked.data);
  };

  /** XMLHttpRequest as the upload client uses it (for its progress), answered like fetch. */
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private contentType: string | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.contentType : null;
    }

    abort() {
      this.onabort?.();
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      respond(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          this.status = response.status;
          this.contentType = response.headers.get('content-type');
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }

  vi.stubGlobal('fetch', vi.fn(respond));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    /** Answers every call of the route (after any answers queued with `once`). */
    on<R extends RouteDef>(route: R, answer: FakeAnswer<R> | Handler<R>) {
      entryOf(route).always = handlerOf(answer);
      return this;
    },
    /** Answers the next calls of the route, one answer each, in order. */
    once<R extends RouteDef>(route: R, ...answers: (FakeAnswer<R> | Handler<R>)[]) {
      entryOf(route).queue.push(...answers.map((answer) => handlerOf(answer)));
      return this;
    },
    /** Every call so far, in order. */
    calls,
    callsTo(route: RouteDef): FakeCall[] {
      return calls.filter((call) => call.route === route);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
