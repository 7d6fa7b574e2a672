import type { Readable } from 'node:stream';
import type { ErrorBody } from '@loupe/contract/errors';
import type { RouteDef } from '@loupe/contract/route';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SessionContext } from '../../areas/auth/sessions.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes whose contract says `auth: true`. */
    session: SessionContext | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Params: Out<NonNullable<R['params']>>;
  Querystring: Out<NonNullable<R['query']>>;
  Body: Out<NonNullable<R['body']>>;
}>;

type Handler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<
  | (NonNullable<R['response']> extends z.ZodType ? z.input<NonNullable<R['response']>> : undefined)
  | Buffer
  /** A file streamed as it is made (e.g. a spreadsheet export). */
  | Readable
  | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers of 204 routes simply return nothing
  | void
>;

/** Registers one contract route: schemas, OpenAPI metadata and authentication come from the contract. */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  options: { rateLimit?: { max: number; timeWindow: number } | false; bodyLimit?: number } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    bodyLimit: options.bodyLimit,
    config: options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit },
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.response ? { response: { [def.status]: def.response } } : {}),
    },
    preHandler: def.auth ? (request) => app.authenticate(request) : undefined,
    handler: async (request, reply) => {
      const result = await handler(request as unknown as RouteRequest<R>, reply);
      if (reply.sent) return reply;
      // A handler may answer another status itself, e.g. 304 Not Modified for a cached file.
      if (reply.statusCode === 200) reply.code(def.status);
      return def.status === 204 ? reply.send() : result;
    },
  });
}

/** The logged-in customer of a route that requires authentication. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/** Maps every error to the pinned format `{code, message, details?}`; unknown errors stay hidden. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    return send(error.status, {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message,
    }));
    const first = details[0];
    return send(400, {
      code: 'VALIDATION_FAILED',
      message: first
        ? `${first.path ? `${first.path}: ` : ''}${first.message}`
        : 'The request has invalid data.',
      details,
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
    return send(500, { code: 'INTERNAL', message: 'Something went wrong' });
  }
  const status = error.statusCode ?? 500;
  if (status === 429)
    return send(429, { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in a minute.' });
  if (status === 413) return send(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  if (status === 415)
    return send(415, { code: 'UNSUPPORTED_MEDIA', message: 'This content type is not supported.' });
  if (status >= 400 && status < 500) {
    return send(400, {
      code: 'VALIDATION_FAILED',
      message: error.message || 'The request has invalid data.',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(500, { code: 'INTERNAL', message: 'Something went wrong' });
}
