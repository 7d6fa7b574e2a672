import { randomUUID } from 'node:crypto';
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
import { type DatabaseHandle, openDatabase, wrapPglite } from '../platform/db/client.ts';
import type { JobPass } from '../platform/jobs/index.ts';
import { createDiskStorage } from '../platform/storage/storage.ts';
import { injectRoute } from './call-route.ts';

let pgliteTemplate: Promise<Blob | File> | undefined;

/** A migrated PGlite, cloned from a template migrated once per test file. */
async function freshPglite(): Promise<DatabaseHandle> {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    const template = wrapPglite(client);
    await template.migrate();
    const dump = await client.dumpDataDir('none');
    await template.close();
    return dump;
  })();
  return wrapPglite(new PGlite({ loadDataDir: await pgliteTemplate }));
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

/** A throwaway database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
async function freshPostgres(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `loupe_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
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
  const clock = new TestClock();
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
