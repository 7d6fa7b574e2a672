import type { ErrorBody } from '@loupe/contract/errors';
import { requestLine } from '@loupe/contract/request';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '@loupe/contract/route';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Calls a route of the contract by its descriptor, the way a client does: the method and URL come
 * from `requestLine`, so no test writes an API path by hand, and the body and the answer have the
 * route's types. A test may still send what the contract refuses (to see the 400): `body` then
 * goes as given through `rawBody`.
 */
export interface CallInput<R extends RouteDef> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** A body the contract would refuse, sent as it is. */
  rawBody?: unknown;
  /** A raw payload (multipart, a file), with its content type in `headers`. */
  payload?: string | Buffer;
  /** The bearer token: a customer's session or the operator credential. */
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<R extends RouteDef> {
  status: number;
  /** The JSON answer, typed by the route for a success (an error's `{code, message}` otherwise). */
  body: ResponseOf<R>;
  /** The error answer `{code, message, details?}` of a failure (undefined on success). */
  error: ErrorBody | undefined;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export async function callRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: CallInput<R> = {},
): Promise<CallResult<R>> {
  const { method, url } = requestLine(route, { params: input.params, query: input.query });
  const payload = input.payload ?? (input.rawBody !== undefined ? input.rawBody : input.body);
  const raw = await app.inject({
    method,
    url,
    headers: {
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
      ...input.headers,
    },
    ...(payload === undefined ? {} : { payload: payload as string | Buffer | object }),
  });
  const json = (raw.headers['content-type'] ?? '').toString().includes('application/json');
  const parsed: unknown = json && raw.body ? raw.json() : undefined;
  const failed = raw.statusCode >= 400;
  return {
    status: raw.statusCode,
    // The server serialised a success through the route's response schema: it has its type.
    body: parsed as ResponseOf<R>,
    error: failed ? (parsed as ErrorBody | undefined) : undefined,
    headers: raw.headers,
    raw,
  };
}

/**
 * The answer of a call that must succeed: the typed body, or a failed test naming the route and
 * what the server said.
 */
export async function expectOk<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: CallInput<R> = {},
): Promise<ResponseOf<R>> {
  const res = await callRoute(app, route, input);
  if (res.status >= 400) {
    throw new Error(`${route.method} ${route.path} answered ${res.status}: ${res.raw.body}`);
  }
  return res.body;
}
