import type { z } from 'zod';

/** The file types an upload may take; the server judges a file by its content, not its name. */
export const UPLOAD_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/svg+xml': 'SVG',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  /** Text without a binary signature: CSV and other delimited text. */
  'text/csv': 'CSV',
} as const;

export type UploadType = keyof typeof UPLOAD_TYPES;

/**
 * A multipart upload: one file in `field`, at most `maxBytes`, of one of `types` by its content,
 * and text fields (sent before the file) read with `fields`. The server refuses anything else with
 * 400 FILE_TOO_LARGE or FILE_TYPE_NOT_ALLOWED before the handler runs.
 */
export interface UploadDef<TFields extends z.ZodType = z.ZodType> {
  field: string;
  maxBytes: number;
  types: readonly UploadType[];
  fields?: TFields;
}

/**
 * One API call, written once: the server registers it, the web client calls it, tests import it.
 * `path` uses Fastify's `:param` syntax.
 */
export interface RouteDef<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TFields extends z.ZodType = z.ZodType,
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
  /** A multipart upload instead of a JSON body. */
  upload?: UploadDef<TFields>;
  /** Status of the success answer; 204 routes have no response schema. */
  status: 200 | 201 | 204;
  response?: TResponse;
}

export function route<
  TParams extends z.ZodType = z.ZodNever,
  TQuery extends z.ZodType = z.ZodNever,
  TBody extends z.ZodType = z.ZodNever,
  TResponse extends z.ZodType = z.ZodNever,
  TFields extends z.ZodType = z.ZodNever,
>(def: RouteDef<TParams, TQuery, TBody, TResponse, TFields>) {
  return def;
}

export type ParamsOf<R> = R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<R> = R extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;
/** The text fields of an upload route, as the handler gets them. */
export type UploadFieldsOf<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer F> ? z.output<F> : never;
/** The text fields as a client sends them. */
export type UploadFieldsInputOf<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer F> ? z.input<F> : never;

/** "PDF, JPG or PNG": the types of an upload as the refusal names them. */
export function uploadTypesText(types: readonly UploadType[]): string {
  const names = [...new Set(types.map((t) => UPLOAD_TYPES[t]))];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
