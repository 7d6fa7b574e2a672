import type { FastifyBaseLogger } from 'fastify';

/** The server's logger (Fastify's pino); areas log through the request's or the app's. */
export type Log = FastifyBaseLogger;

/**
 * What must never reach a log line: a failed query's parameters (drizzle writes them into the
 * message), password hashes, email addresses and phone numbers anywhere in an error's text.
 */
const redactions: [RegExp, string][] = [
  [/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]'],
  [/\$argon2[a-z]*\$[^\s,'")]*/gi, '[hash]'],
  [/[^\s@,'"()<>=]+@[^\s@,'"()<>=]+\.[^\s@,'"()<>=]+/g, '[email]'],
  [/\+?\d[\d -]{6,}\d/g, '[number]'],
];

export function redactText(text: string): string {
  return redactions.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/** Error fields whose values are data, not the error's description. */
const dataFields = new Set(['params', 'parameters', 'detail', 'where', 'values', 'body']);

/** An error as a log record: type, message, stack, code and cause, with their data redacted. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? redactText(err) : err;
  const record: Record<string, unknown> = { type: err.constructor.name, message: redactText(err.message) };
  if (err.stack) record.stack = redactText(err.stack);
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause') continue;
    if (dataFields.has(key)) record[key] = '[redacted]';
    else if (typeof value === 'string') record[key] = redactText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') record[key] = value;
  }
  if (err.cause !== undefined && depth < 3) record.cause = serializeError(err.cause, depth + 1);
  return record;
}

/** Logger options of the app: the level from the config, credentials and personal data never written out. */
export function loggerOptions(level: string) {
  return level === 'silent'
    ? false
    : {
        level,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        // pino's type of a serializer; serializeError answers that shape for every Error.
        serializers: {
          err: serializeError as (err: Error) => { type: string; message: string; stack: string },
        },
      };
}
