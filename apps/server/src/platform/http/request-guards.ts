import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A string PostgreSQL and JSON cannot keep as sent: a NUL character, or half of a UTF-16
 * surrogate pair. Such input is refused with 400 before it reaches a handler or the database
 * (which would otherwise fail with a 500).
 */
const unsafeCharacter = /\0|\p{Cs}/u;

function unsafe(value: string): boolean {
  return unsafeCharacter.test(value);
}

/** Deeper than any request of the contract nests; deeper input is refused, not walked. */
const MAX_DEPTH = 32;

const printable = (key: string) => key.replace(/[^\x20-\x7e]/g, '?');

/**
 * The path and the fault of the first unsafe string (or key) in a parsed value, or of nesting
 * deeper than MAX_DEPTH; undefined when all is well. Walks without recursion.
 */
export function findUnsafeString(value: unknown): { path: string[]; message: string } | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: v, path } = next;
    if (typeof v === 'string') {
      if (unsafe(v)) return { path, message: 'must not contain NUL characters or unpaired surrogates' };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (path.length >= MAX_DEPTH) return { path, message: 'is nested too deeply' };
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries.reverse()) {
      if (unsafe(key)) {
        return {
          path: [...path, printable(key)],
          message: 'must not contain NUL characters or unpaired surrogates',
        };
      }
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * preValidation of every contract route, after authentication and before the schemas: a
 * multipart request names its boundary, and params, query and a JSON body hold only safe strings.
 */
export async function guardRequest(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (/^multipart\//i.test(type) && !/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(type)) {
    throw new AppError('VALIDATION_FAILED', 'The multipart request has no boundary.');
  }
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = findUnsafeString(value);
    if (found) {
      const path = found.path.map(printable).join('.');
      const { message } = found;
      throw new AppError('VALIDATION_FAILED', `${path || part}: ${message}`, [{ path, message }]);
    }
  }
}

const loopbackAddress = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request comes from this machine itself: over a loopback connection and not forwarded
 * by a proxy on this machine (which would make every caller look local).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return loopbackAddress.test(request.socket.remoteAddress ?? '');
}
