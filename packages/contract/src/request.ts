import type { BodyOf, ParamsOf, QueryOf, RouteDef } from './route.ts';

/**
 * The one way to turn a contract route and its inputs into a request line: the web client, the
 * server's API tests, the end-to-end fixtures and the benchmarks all build their URLs here, so no
 * path is ever written by hand outside the contract.
 */
export interface RouteInput<R> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
}

/** `/store/customers/:query/x` + `{query: 'sms'}` → `/store/customers/sms/x`. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `{tab: 'hold', page: 2}` → `?tab=hold&page=2`; undefined and null values are left out. */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The method and URL (path and query, relative to the origin) of one call of a route. */
export function requestLine<R extends RouteDef>(
  route: R,
  input: Omit<RouteInput<R>, 'body'> = {},
): { method: R['method']; url: string } {
  const url =
    buildPath(route.path, input.params as Record<string, unknown> | undefined) +
    buildQuery(input.query as Record<string, unknown> | undefined);
  return { method: route.method, url };
}
