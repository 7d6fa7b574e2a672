import type { FastifyBaseLogger } from 'fastify';

/** The server's logger (Fastify's pino); areas log through the request's or the app's. */
export type Log = FastifyBaseLogger;

/** Logger options of the app: the level from the config, credentials never written out. */
export function loggerOptions(level: string) {
  return level === 'silent' ? false : { level, redact: ['req.headers.authorization', 'req.headers.cookie'] };
}
