import type { ErrorBody } from '@loupe/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

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
