import path from 'node:path';
import { z } from 'zod';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Seed the demo accounts and stock on start (idempotent). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app served on the same origin. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: z.string().default('Loupe Diamonds <no-reply@loupe.test>'),
  /** HTTP SMS gateway: POST {to, message} as JSON with a bearer key. */
  SMS_GATEWAY_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  SMS_GATEWAY_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Credential of the operator API that `npm run admin` uses while the server runs. */
  OPERATOR_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Requests per minute from one IP address. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Login and OTP attempts per minute for one account (email or phone). */
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Days a session stays valid without use. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(30),
  /** Public URL of the portal, for links in emails. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
});

export type Config = z.infer<typeof schema> & { publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` };
}
