import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { login } from '@loupe/contract/auth';
import { devOutbox } from '@loupe/contract/portal';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppInput, buildApp } from '../app/app.ts';
import { createMemoryLimiter } from '../platform/account-limiter.ts';
import { TestClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { type DatabaseHandle, EMBEDDED_TYPES, openDatabase, wrapPglite } from '../platform/db/client.ts';
import type { JobPass } from '../platform/jobs/index.ts';
import { migrationsFolder } from '../platform/server-folder.ts';
import { createDiskStorage } from '../platform/storage/storage.ts';
import { injectRoute } from './call-route.ts';

/** A name for the migrations as they are now: a changed or added migration makes a new template. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The migrated PGlite's files, made once per migration set and kept in the temporary folder:
 * migrating a new PGlite costs seconds of CPU, and every test file would pay it again.
 */
async function migratedPgliteFiles(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `loupe-pglite-template-${migrationsKey()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const client = new PGlite(EMBEDDED_TYPES);
  const template = wrapPglite(client);
  await template.migrate();
  const dump = await client.dumpDataDir('none');
  await template.close();
  // Written aside and renamed: a test file starting meanwhile reads a whole template or none.
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

/** A migrated PGlite, cloned from the template. */
async function freshPglite(): Promise<DatabaseHandle> {
  pgliteTemplate ??= migratedPgliteFiles();
  return wrapPglite(new PGlite({ loadDataDir: await pgliteTemplate, ...EMBEDDED_TYPES }));
}

/**
 * A test database; `url` says where a second instance would connect (PostgreSQL only), `filesDir`
 * is the folder of its stored files (every instance on the database shares it, as they would
 * share a bucket).
 */
export type TestDatabase = DatabaseHandle & { url?: string; filesDir: string };

/** The database with a throwaway folder for its files, both gone on close. */
function withFiles(handle: DatabaseHandle & { url?: string }): TestDatabase {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-test-files-'));
  return {
    ...handle,
    filesDir,
    close: async () => {
      await handle.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The connection string of TEST_DATABASE_URL's server for the database `name`. */
function postgresUrl(name: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated database to copy, made once per migration set by whichever test file comes first
 * (an advisory lock makes the others wait for it): copying a template takes a fraction of
 * migrating afresh.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdmin(async (admin) => {
    const name = `loupe_template_${migrationsKey()}`;
    await admin.query('SELECT pg_advisory_lock(8120301)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ url: postgresUrl(building) });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(8120301)');
    }
  });
  return postgresTemplate;
}

/** A throwaway database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
async function freshPostgres(): Promise<DatabaseHandle & { url: string }> {
  const template = await migratedPostgresTemplate();
  const name = `loupe_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  // Copying needs the template alone; the lock keeps two copies from starting at once.
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock(8120302)');
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(8120302)');
    }
  });
  const url = postgresUrl(name);
  const handle = await openDatabase({ url });
  // Nothing pending: a template of this migration set has them all.
  await handle.migrate();
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  return withFiles(process.env.LOUPE_TEST_DB === 'postgres' ? await freshPostgres() : await freshPglite());
}

type TestDeps = Omit<AppInput, 'messenger'>;

/** The operator credential of test apps (`npm run admin` would read it from DATA_DIR/server.json). */
export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

export interface TestApp {
  app: FastifyInstance;
  deps: TestDeps;
  clock: TestClock;
  database: TestDatabase;
  /** Runs every job and schedule due by the test clock, after any run under way (app.jobs.runDue). */
  runDueJobs(): Promise<JobPass>;
  /** Starts listening on a free port of 127.0.0.1 (for real sockets) and answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A server on a fresh database; pass `database` to put a second instance on the same one (that
 * database then stays open until its own owner closes it; on PostgreSQL the second instance opens
 * its own connections).
 */
export async function createTestApp(
  overrides: Partial<TestDeps> = {},
  options: { database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  // A second instance on PostgreSQL gets connections of its own, as a second process would.
  const own = options.database?.url ? await openDatabase({ url: options.database.url }) : undefined;
  // A second instance shares the first one's clock; a test may hand in one set to its own time.
  const clock = overrides.clock instanceof TestClock ? overrides.clock : new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_IP: '10000',
  });
  const deps: TestDeps = {
    config,
    db: (own ?? database).db,
    clock,
    accountLimiter: createMemoryLimiter(config.RATE_LIMIT_PER_ACCOUNT),
    operatorToken: OPERATOR_TOKEN,
    storage: createDiskStorage(database.filesDir),
    // The hold sweep, reminders, campaigns and the prune run when a test calls runDueJobs().
    pollSchedules: false,
    ...overrides,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    clock,
    database,
    runDueJobs: () => app.jobs.runDue(),
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    },
    close: async () => {
      await app.close();
      await own?.close();
      if (!options.database) await database.close();
    },
  };
}

/** The JSON body of an injected response. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Logs in through the real API and answers the access token. */
export async function logInAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await injectRoute(app, login, { rawBody: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return json<{ access_token: string }>(res).access_token;
}

/** The newest dev-outbox message to an address, read through the API as a developer would. */
export async function latestMessage(app: FastifyInstance, to: string) {
  const res = await injectRoute(app, devOutbox, { query: { to: to } });
  const { messages } = json<{ messages: { body: string; subject: string | null }[] }>(res);
  return messages[0];
}

export function codeIn(text: string | undefined): string {
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}
