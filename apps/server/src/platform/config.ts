import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './server-folder.ts';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listens on the loopback interface unless told otherwise (a reverse proxy, or 0.0.0.0 on purpose). */
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  /**
   * The proxies whose `X-Forwarded-For` (and `-Proto`) is believed, comma-separated addresses or
   * CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. Default none: the caller's address is
   * the socket's, so no client can rotate its address past the per-IP limits.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/,
              'must be addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated',
            ),
        ),
      )
      .optional(),
  ),
  /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Seed the demo accounts and stock on start (idempotent). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Generated stones in the demo stock, seeded on the first start. */
  SEED_STONES: z.coerce.number().int().min(0).max(2_000_000).default(20_000),
  /** Searches through the in-process stone index (decision 023); `false` searches by SQL only. */
  SEARCH_INDEX: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app served on the same origin. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: z.string().default('Loupe Diamonds <no-reply@loupe.test>'),
  /** Where requests go when a customer has no KAM (e.g. stone demands). */
  SALES_DESK_EMAIL: z.string().email().default('sales@loupe.test'),
  /** HTTP SMS gateway: POST {to, message} as JSON with a bearer key. */
  SMS_GATEWAY_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  SMS_GATEWAY_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Credential of the operator API that `npm run admin` uses while the server runs. */
  OPERATOR_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Requests per minute from one IP address. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Registrations and phone lookups per minute from one IP address (they tell who is registered). */
  RATE_LIMIT_PROBES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Login and OTP attempts per minute for one account (email or phone). */
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** When the daily new-arrivals bid round closes, HH:MM UTC. */
  BID_ROUND_CLOSE: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (UTC)')
    .default('13:00'),
  /** Days a session stays valid without use. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(30),
  /** Public URL of the portal, for links in emails. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Folder of the stored files (profile photos, documents); default DATA_DIR/files. */
  STORAGE_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** S3-compatible bucket for the stored files instead of the folder (decision 014). */
  STORAGE_S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  /** Endpoint of an S3-compatible service (MinIO, R2 …); empty for AWS. */
  STORAGE_S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Credentials; empty: the AWS SDK's own chain (environment, instance role …). */
  STORAGE_S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  STORAGE_S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Path-style URLs (bucket in the path), which MinIO and most self-hosted services need. */
  STORAGE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Web Push (VAPID) key pair, base64url as `npx web-push generate-vapid-keys` prints it; both or neither. */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url VAPID public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be a base64url VAPID private key')
      .optional(),
  ),
  /** Contact the push services may use about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must start with mailto: or https://')
    .default('mailto:no-reply@loupe.test'),
});

export type Config = z.infer<typeof schema> & { publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (web push on) or neither (off)',
    );
  }
  return { ...c, publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` };
}
