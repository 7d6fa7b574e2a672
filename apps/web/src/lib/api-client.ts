import { requestLine } from '@loupe/contract/request';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '@loupe/contract/route';
import { ApiError, isApiError } from './api-error';
import { clearToken, getToken } from './auth-token';
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './error-text';
import { takeFirstCall } from './first-calls';
import { log } from './log';
import { emitSessionEvent } from './session-events';

type AnyRoute = RouteDef;

export interface CallOptions<R> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** Multipart uploads (the contract describes these routes without a JSON body). */
  formData?: FormData;
  /** A bearer other than the session token, e.g. the resend token of an SMS code. */
  bearer?: string;
  signal?: AbortSignal;
  /** The request outlives the page (a report sent as the tab closes). */
  keepalive?: boolean;
  /**
   * This call asks who the token belongs to (the customer's own record): a 401 then means the
   * token is unknown, and the session ends. Elsewhere a 401 (e.g. a search limit) leaves it be.
   */
  sessionProbe?: boolean;
}

/** Reads `{code, message, details}` from an error answer; anything else becomes a generic error. */
export async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (payload && typeof payload === 'object') {
    const { code, message, details } = payload as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(response.status, code, message, details);
    }
  }
  return new ApiError(response.status, `HTTP_${response.status}`, GENERIC_ERROR_MESSAGE);
}

/**
 * A session that has ended answers 410 (logged out everywhere) or 419 (logged out / expired);
 * only these end it (spec §8), and a 401 of the session probe (the token is unknown). A 401 of
 * any other call, such as a search over its limit, is that call's error.
 */
function reactToSessionEnd(
  route: AnyRoute,
  usedSessionToken: boolean,
  sessionProbe: boolean,
  error: ApiError,
) {
  if (!route.auth || !usedSessionToken) return;
  if (error.status === 410) {
    emitSessionEvent('session-ended-everywhere');
  } else if (
    error.status === 419 ||
    (sessionProbe && error.status === 401 && error.code === 'UNAUTHORIZED')
  ) {
    clearToken();
    emitSessionEvent('session-logged-out');
  }
}

async function send<R extends AnyRoute>(
  route: R,
  options: CallOptions<R>,
  accept: string,
): Promise<Response> {
  const { url } = requestLine(route, options);
  const headers: Record<string, string> = { Accept: accept };
  const sessionToken = route.auth ? getToken() : null;
  const bearer = options.bearer ?? sessionToken;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // The index page's start script may have sent this very call already (lib/first-calls.ts).
  const sentEarly =
    route.method === 'GET' && options.bearer === undefined && sessionToken
      ? takeFirstCall(url, sessionToken)
      : undefined;
  let response: Response;
  try {
    response = await (sentEarly ??
      fetch(url, {
        method: route.method,
        headers,
        body,
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    reactToSessionEnd(
      route,
      options.bearer === undefined && sessionToken !== null,
      options.sessionProbe === true,
      error,
    );
    throw error;
  }
  return response;
}

/** Calls one route of the contract and answers its typed response (undefined for 204 routes). */
export async function call<R extends AnyRoute>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ResponseOf<R>> {
  const response = await send(route, options, 'application/json');
  if (response.status === 204 || route.status === 204) return undefined as ResponseOf<R>;
  const data: unknown = await response.json();
  if (import.meta.env.DEV && route.response) {
    const checked = route.response.safeParse(data);
    if (!checked.success)
      log.warn(`Response of ${route.method} ${route.path} differs from the contract`, checked.error);
  }
  return data as ResponseOf<R>;
}

/** Calls a route that answers a file. A 404 means "there is none" and answers null. */
export async function callBlob<R extends AnyRoute>(
  route: R,
  options: CallOptions<R> = {},
): Promise<Blob | null> {
  try {
    const response = await send(route, options, '*/*');
    return await response.blob();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Sends a multipart upload with progress (fetch cannot report upload progress): `onProgress`
 * gets the share sent, 0 to 1. Errors are the same ApiError as `call`'s.
 */
export function callUpload<R extends AnyRoute>(
  route: R,
  options: CallOptions<R> & { formData: FormData; onProgress?: (share: number) => void },
): Promise<ResponseOf<R>> {
  const { url } = requestLine(route, options);
  const token = route.auth ? getToken() : null;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = async () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      if (!response.ok) {
        const error = await toApiError(response);
        reactToSessionEnd(route, token !== null, false, error);
        reject(error);
        return;
      }
      resolve((xhr.status === 204 ? undefined : await response.json()) as ResponseOf<R>);
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.formData);
  });
}
