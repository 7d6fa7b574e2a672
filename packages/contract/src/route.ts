import type { z } from 'zod';

/**
 * One API call, written once: the server registers it, the web client calls it, tests import it.
 * `path` uses Fastify's `:param` syntax.
 */
export interface RouteDef<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  /**
   * true: a logged-in customer (bearer session token); false: the calls a visitor makes before
   * logging in (registration, login, OTP, public data); 'operator': the sales team's commands
   * (`npm run admin`), with the operator credential as the bearer token.
   */
  auth: boolean | 'operator';
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** Status of the success answer; 204 routes have no response schema. */
  status: 200 | 201 | 204;
  response?: TResponse;
}

export function route<
  TParams extends z.ZodType = z.ZodNever,
  TQuery extends z.ZodType = z.ZodNever,
  TBody extends z.ZodType = z.ZodNever,
  TResponse extends z.ZodType = z.ZodNever,
>(def: RouteDef<TParams, TQuery, TBody, TResponse>) {
  return def;
}

export type ParamsOf<R> = R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<R> = R extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;
