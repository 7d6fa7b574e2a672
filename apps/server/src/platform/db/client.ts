import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory when null). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    // A connection the server ends while it sits idle or is being closed (a restart, an
    // administrator, a dropped test database) reports on its own 'error' event; without a listener
    // that is an uncaught exception. The pool drops the broken connection and opens a new one on
    // the next query, and a query that was running fails through its own promise.
    const ignoreEndedConnection = () => {};
    pool.on('error', ignoreEndedConnection);
    pool.on('connect', (client) => client.on('error', ignoreEndedConnection));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  return wrapPglite(client);
}

/** Wraps an open PGlite (tests hand in one cloned from a migrated template). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Calls `onNotify` for every NOTIFY on `channel`; PostgreSQL delivers them only once the notifying
 * transaction has committed. On a server this holds one pooled connection and reconnects when it
 * drops, calling `onNotify` again after each (re)connect so nothing sent meanwhile waits long.
 * Answers the function that stops listening.
 */
export async function listenToChannel(
  db: Database,
  channel: string,
  onNotify: () => void,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return client.listen(channel, () => onNotify());
  if (!(client instanceof pg.Pool)) throw new Error('unknown database client');

  const pool = client;
  let stopped = false;
  let current: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), 1000);
    retry.unref();
  };
  const connect = async () => {
    let conn: pg.PoolClient | undefined;
    try {
      conn = await pool.connect();
      const held = conn;
      held.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      held.on('error', (err) => {
        if (current !== held) return;
        onError(err);
        current = null;
        held.release(err);
        scheduleRetry();
      });
      await held.query(`LISTEN ${channel}`);
      if (stopped) {
        held.release(true);
        return;
      }
      current = held;
      onNotify();
    } catch (err) {
      onError(err);
      // The connection carried LISTEN or failed: it goes away rather than back into the pool.
      conn?.release(true);
      scheduleRetry();
    }
  };
  await connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const conn = current;
    current = null;
    conn?.release(true);
  };
}
