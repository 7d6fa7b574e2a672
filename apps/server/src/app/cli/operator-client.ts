import http from 'node:http';
import type { ErrorBody } from '@loupe/contract/errors';
import { requestLine } from '@loupe/contract/request';
import type { BodyOf, ParamsOf, ResponseOf, RouteDef, UploadFieldsInputOf } from '@loupe/contract/route';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from '../../platform/http/multipart-body.ts';

/**
 * How the command line calls an operator route of the contract: through the running server, or
 * through an app of its own on the database when no server runs. Either way the same route, the
 * same checks and the same answer.
 */
export type OperatorCall = <R extends RouteDef>(route: R, input: OperatorInput<R>) => Promise<ResponseOf<R>>;

export interface OperatorInput<R extends RouteDef> {
  params?: ParamsOf<R>;
  body?: BodyOf<R>;
  /** The file of an upload route (its contract's `upload`), with the text fields. */
  upload?: { name: string; content: Uint8Array; fields?: UploadFieldsInputOf<R> };
}

/** The request's body and its content type: JSON, or the multipart of an upload. */
function encode<R extends RouteDef>(route: R, input: OperatorInput<R>) {
  if (input.upload && route.upload) {
    const fields = Object.fromEntries(
      Object.entries(input.upload.fields ?? {}).map(([name, value]) => [name, String(value)]),
    );
    const { payload, contentType } = multipartBody(
      { field: route.upload.field, name: input.upload.name, content: input.upload.content },
      fields,
    );
    return { data: payload, contentType };
  }
  if (input.body === undefined) return undefined;
  return { data: Buffer.from(JSON.stringify(input.body)), contentType: 'application/json' };
}

/** A refusal of the server (4xx, 5xx), with its error code and the message the operator reads. */
export class OperatorError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  text: string;
}

function answerOf<R extends RouteDef>(route: R, answer: Answer): ResponseOf<R> {
  let body: unknown;
  try {
    body = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    body = { message: answer.text };
  }
  if (answer.status >= 400) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    throw new OperatorError(
      error.code ?? 'INTERNAL',
      answer.status,
      error.message ?? `The server answered ${answer.status}`,
      error.details,
    );
  }
  // The server serialised the answer through the route's own response schema.
  return (route.response ? route.response.parse(body) : undefined) as ResponseOf<R>;
}

/**
 * Calls the running server on this machine. Plain node:http rather than fetch: fetch gives up
 * after five minutes without response headers, and generating a million stones may take longer.
 */
export function serverCall(port: number, token: string): OperatorCall {
  return (route, input) => {
    const { method, url } = requestLine(route, { params: input.params });
    const body = encode(route, input);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': body.contentType, 'content-length': body.data.byteLength } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve(
                answerOf(route, {
                  status: response.statusCode ?? 0,
                  text: Buffer.concat(chunks).toString('utf8'),
                }),
              );
            } catch (err) {
              reject(err);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body?.data);
    });
  };
}

/** Calls an app in this process (`app.inject`): the command line's own when no server runs, or a test's. */
export function appCall(app: FastifyInstance, token: string): OperatorCall {
  return async (route, input) => {
    const { method, url } = requestLine(route, { params: input.params });
    const body = encode(route, input);
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': body.contentType } : {}) },
      ...(body ? { payload: body.data } : {}),
    });
    return answerOf(route, { status: res.statusCode, text: res.body });
  };
}
