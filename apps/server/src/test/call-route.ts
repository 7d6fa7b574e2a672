import type { ErrorBody } from '@loupe/contract/errors';
import { requestLine } from '@loupe/contract/request';
import type {
  BodyOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
  RouteDef,
  UploadFieldsInputOf,
} from '@loupe/contract/route';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipartBody } from '../platform/http/multipart-body.ts';

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
  /**
   * The file of an upload route, sent as multipart in the route's `upload.field` with the text
   * fields before it (`field` sends it in another field, `more` sends other files after it in the
   * same field, to see the refusal).
   */
  upload?: {
    name: string;
    content: Uint8Array | string;
    contentType?: string;
    fields?: Partial<Record<keyof UploadFieldsInputOf<R>, string>>;
    field?: string;
    more?: { name: string; content: Uint8Array | string }[];
  };
  /** A raw payload (multipart, a file), with its content type in `headers`. */
  payload?: string | Buffer;
  /**
   * A query string as it is (`?size=32&size=128`), for what a query object cannot say: a key twice,
   * a value the contract refuses. Appended after `query`.
   */
  search?: string;
  /** The bearer token: a customer's session or the operator credential. */
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address, for the per-IP limit. */
  remoteAddress?: string;
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

function uploadBody<R extends RouteDef>(route: R, upload: NonNullable<CallInput<R>['upload']>) {
  const field = upload.field ?? route.upload?.field;
  if (!field) throw new Error(`${route.method} ${route.path} declares no upload`);
  const bytes = (content: Uint8Array | string) =>
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(upload.fields ?? {})) {
    if (typeof value === 'string') fields[name] = value;
  }
  return multipartBody(
    [
      { field, name: upload.name, content: bytes(upload.content), contentType: upload.contentType },
      ...(upload.more ?? []).map((file) => ({ field, name: file.name, content: bytes(file.content) })),
    ],
    fields,
  );
}

export async function callRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: CallInput<R> = {},
): Promise<CallResult<R>> {
  const line = requestLine(route, { params: input.params, query: input.query });
  const { method } = line;
  const url = input.search
    ? `${line.url}${line.url.includes('?') ? input.search.replace(/^\?/, '&') : input.search}`
    : line.url;
  const multipart = input.upload ? uploadBody(route, input.upload) : undefined;
  const payload =
    multipart?.payload ?? input.payload ?? (input.rawBody !== undefined ? input.rawBody : input.body);
  const raw = await app.inject({
    method,
    url,
    headers: {
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
      ...(multipart ? { 'content-type': multipart.contentType } : {}),
      ...input.headers,
    },
    ...(payload === undefined ? {} : { payload: payload as string | Buffer | object }),
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
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

/**
 * The raw answer of a route call, for tests that read its status and JSON as they always did:
 * `injectRoute(app, route, input)` is `app.inject` with the request line of the contract.
 */
export async function injectRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: CallInput<R> = {},
): Promise<LightMyRequestResponse> {
  return (await callRoute(app, route, input)).raw;
}

/** A route's path as the OpenAPI document writes it: `{orderId}` for `:orderId`. */
export function openApiPath(route: RouteDef): string {
  return route.path.replace(/:(\w+)/g, '{$1}');
}
