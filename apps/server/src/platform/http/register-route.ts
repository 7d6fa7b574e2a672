import type { Readable } from 'node:stream';
import type { RouteDef, UploadFieldsOf } from '@loupe/contract/route';
import { strictInput } from '@loupe/contract/strict';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { guardRequest } from './request-guards.ts';
import './session.ts';
import { noteRequest } from './request-pulse.ts';
import { readUpload, type Upload } from './upload.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Params: Out<NonNullable<R['params']>>;
  Querystring: Out<NonNullable<R['query']>>;
  Body: Out<NonNullable<R['body']>>;
}>;

/**
 * The checked file of a route whose contract declares an `upload` (registerRoute reads it before
 * the handler runs); routes without one never look at it.
 */
export type RouteUpload<R extends RouteDef> = Upload<UploadFieldsOf<R>>;

type Handler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
  upload: RouteUpload<R>,
) => Promise<
  | (NonNullable<R['response']> extends z.ZodType ? z.input<NonNullable<R['response']>> : undefined)
  | Buffer
  /** A file streamed as it is made (e.g. a spreadsheet export). */
  | Readable
  | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers of 204 routes simply return nothing
  | void
>;

/**
 * The per-IP limit of the routes whose answer says whether an account exists (registration's 409
 * duplicate, which the spec pins, and the phone lookup): a few a minute serve a person, not a
 * crawler of who is registered. `RATE_LIMIT_PROBES_PER_IP` sets how many (20 unless set).
 */
export function accountProbeLimit(perMinute: number) {
  return { max: perMinute, timeWindow: 60_000 } as const;
}

const answerAsBuilt = (data: unknown) => JSON.stringify(data);

/**
 * Registers one contract route: schemas, OpenAPI metadata and authentication come from the
 * contract, and for an upload route the file is read and checked (size, type by content, fields)
 * before the handler, which gets it as its third argument.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  options: {
    rateLimit?: { max: number; timeWindow: number } | false;
    bodyLimit?: number;
    /**
     * The handler builds its answer with typed mappers of our own (the stock search's pages of
     * stones), so the answer is written as it is, without zod's second pass over every field of
     * every stone (decision 035). The tests of such a route check its answers against the schema.
     */
    answerAsBuilt?: boolean;
  } = {},
) {
  const { upload } = def;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    // An upload's own limit is checked on the file (FILE_TOO_LARGE); the body may carry the
    // multipart framing and the text fields besides.
    bodyLimit: options.bodyLimit ?? (upload ? upload.maxBytes + 1024 * 1024 : undefined),
    config: options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit },
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      // A body naming a key its schema does not know is refused (pins "Hardening").
      ...(def.body ? { body: strictInput(def.body) } : {}),
      ...(upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.response ? { response: { [def.status]: def.response } } : {}),
    },
    onRequest: [
      // A customer's or a visitor's request is under way, for the upload that gives way to it
      // (decision 062), from its first hook until its answer has been sent or its connection cut:
      // a search's authentication and the sending of its answer are as much its time as its
      // handler, and the upload's turns began during them when only the handler counted (decision
      // 064). Node's response says 'close' after either, and after an answer refused on the way
      // (a 401 here, a 400 in validation).
      ...(def.auth !== 'operator'
        ? [
            async (_request: FastifyRequest, reply: FastifyReply) => {
              reply.raw.once('close', noteRequest());
            },
          ]
        : []),
      // Who is calling is settled before the body is read or validated: a caller without a valid
      // token hears 401/419/410 and never the schema (and an operator's stock file of 50 MB is not
      // read for nothing).
      ...(def.auth === 'operator'
        ? [(request: FastifyRequest) => app.authenticateOperator(request)]
        : def.auth === true
          ? [(request: FastifyRequest) => app.authenticate(request)]
          : []),
    ],
    preValidation: guardRequest,
    ...(options.answerAsBuilt ? { serializerCompiler: () => answerAsBuilt } : {}),
    // Answers are about one account (or the stock it may see): no cache keeps them, unless a
    // handler said otherwise (a profile photo, a stone's diagram).
    onSend: async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    },
    handler: async (request, reply) => {
      let result: unknown;
      let file: Upload<UploadFieldsOf<R>> | undefined;
      try {
        // The schemas above are the contract route's, so the request has exactly its types, which
        // fastify's type provider cannot follow through the conditional spreads.
        file = upload ? await readUpload<UploadFieldsOf<R>>(request, upload) : undefined;
        // Only upload routes read their third argument, and theirs is always there.
        result = await handler(request as RouteRequest<R>, reply, file as RouteUpload<R>);
      } finally {
        // A handler that refused before reading the file lets the rest of it flow by.
        file?.discard();
      }
      if (reply.sent) return reply;
      // A handler may answer another status itself, e.g. 304 Not Modified for a cached file.
      if (reply.statusCode === 200) reply.code(def.status);
      return def.status === 204 ? reply.send() : result;
    },
  });
}
