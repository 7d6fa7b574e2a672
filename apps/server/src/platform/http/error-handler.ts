import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@loupe/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/** Maps every error to the pinned format `{code, message, details?}`; unknown errors stay hidden. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
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
  if (status === 404) return send(404, { code: 'NOT_FOUND', message: 'Not found.' });
  if (status === 405)
    return send(405, { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' });
  if (status >= 400 && status < 500) {
    // Fastify's own refusals (bad JSON, an empty body, a bad URL …): their message says what.
    return send(400, {
      code: 'VALIDATION_FAILED',
      message: error.message || 'The request has invalid data.',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(500, { code: 'INTERNAL', message: 'Something went wrong' });
}

const clientErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long.' },
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too large, a malformed
 * request line, a timeout) is answered in the same `{code, message}` format as everything else.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[error.code ?? ''] ?? {
    status: 400,
    code: 'VALIDATION_FAILED' as const,
    message: 'The request is malformed.',
  };
  const body = JSON.stringify({ code: known.code, message: known.message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${http.STATUS_CODES[known.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
