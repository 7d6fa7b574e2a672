import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../server-folder.ts';
import * as schema from './schema/index.ts';

/**
 * What a raw statement (`db.execute`) answers on both drivers: node-postgres' QueryResult and
 * PGlite's Results both carry the rows in `rows`, so raw SQL is typed by its row.
 */
interface QueryResult extends PgQueryResultHKT {
  readonly type: RawResult<this['row']>;
}
type RawResult<TRow> = { rows: TRow[] };

export type Database = PgDatabase<QueryResult, typeof schema>;

/** A transaction: what `db.transaction(tx => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Anything a statement runs on. Functions that must be part of a caller's unit of work (every
 * change of a stone's status, a cart row, an order) take a `Tx` instead.
 */
export type Executor = Database | Tx;

/** The rows of a raw statement, typed by what its SELECT or RETURNING lists. */
export async function rows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/**
 * A transaction of a first statement, some thinking, and a last statement, for a hot path whose
 * every round trip waits for the event loop (a bid: decision 055).
 */
export interface TwoStepTransaction {
  /** The first statement; on PostgreSQL BEGIN is written with it, one round trip for both. */
  first<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * The last statement; on PostgreSQL COMMIT is written with it, and its rows come back committed.
   * A statement that fails is rolled back (PostgreSQL's COMMIT of a failed transaction).
   */
  last<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
}

const dialect = new PgDialect();

/** The names of the two-step statements prepared so far, by their text. */
const prepared = new Map<string, string>();
/** A hot path has a handful of statement shapes; past this many, new ones go unprepared. */
const MOST_PREPARED = 32;

/**
 * A two-step transaction's statements are prepared on each connection the first time it sends
 * them (pg names them; their text holds no values): PostgreSQL parses them once per connection
 * and, after its first executions, keeps a generic plan. Planned at every bid they were half of
 * the recording statement's time and three quarters of the locks' (0.7 of 1.6 ms and 0.3 of
 * 0.4 ms a bid, decision 063).
 */
function preparedName(text: string): string | undefined {
  let name = prepared.get(text);
  if (name === undefined && prepared.size < MOST_PREPARED) {
    name = `loupe_two_step_${prepared.size + 1}`;
    prepared.set(text, name);
  }
  return name;
}

/**
 * Runs `work` as one transaction of two statements. On PostgreSQL its connection pipelines, so
 * BEGIN and the first statement go out together, and so do the last statement and COMMIT: two
 * round trips instead of four. Whatever `work` throws before its last statement
 * rolls the transaction back. On PGlite (in process: no round trips to save) it is a transaction
 * as any other.
 */
export async function twoStepTransaction<R>(
  db: Database,
  work: (tx: TwoStepTransaction) => Promise<R>,
): Promise<R> {
  const driver = clientOf(db);
  if (driver instanceof PGlite) {
    return db.transaction((tx) => work({ first: (q) => rows(tx, q), last: (q) => rows(tx, q) }));
  }
  const client = await driver.connect();
  // Pipelined while it is ours (pg's `pipeline`): each query is written at once, without waiting
  // for the previous answer. Only here: the pool's other users include COPY streams, which that
  // mode refuses. The connection is idle when it is handed over and when it goes back (every
  // answer awaited), the two moments the mode may change.
  const pipelined = client as { pipeline: boolean };
  pipelined.pipeline = true;
  let open = false;
  let broken: Error | undefined;
  const send = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.query({ name: preparedName(text), text, values: params });
  };
  /** Both answers (no rejection left unheard); the first failure is thrown. */
  const both = async (a: Promise<unknown>, b: Promise<unknown>) => {
    const [ra, rb] = await Promise.allSettled([a, b]);
    if (ra.status === 'rejected') throw ra.reason;
    if (rb.status === 'rejected') throw rb.reason;
    return [ra.value, rb.value] as [unknown, unknown];
  };
  try {
    return await work({
      first: async <T extends Record<string, unknown>>(query: SQL) => {
        if (open) throw new Error('a two-step transaction has one first statement');
        open = true;
        const [, answer] = await both(client.query('BEGIN'), send(query));
        return (answer as { rows: T[] }).rows;
      },
      last: async <T extends Record<string, unknown>>(query: SQL) => {
        if (!open) throw new Error('a two-step transaction ends after its first statement');
        open = false;
        const recorded = send(query);
        const committed = client.query('COMMIT').catch((err: Error) => {
          broken = err; // the connection's state is unknown: the pool drops it
          throw err;
        });
        const [answer] = await both(recorded, committed);
        return (answer as { rows: T[] }).rows;
      },
    });
  } catch (err) {
    if (open) {
      open = false;
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
    }
    throw err;
  } finally {
    pipelined.pipeline = false;
    client.release(broken);
  }
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The driver's client behind an open database, for LISTEN and for what differs between the two.
 * Kept on the database object itself, so a wrapper that forwards property reads (a test's proxy)
 * finds it too.
 */
const CLIENT = Symbol('loupe.databaseClient');

function remember(db: Database, client: PGlite | pg.Pool) {
  Object.defineProperty(db, CLIENT, { value: client });
}

export function clientOf(db: Database): PGlite | pg.Pool {
  const client: PGlite | pg.Pool | undefined = Reflect.get(db, CLIENT);
  if (client) return client;
  throw new Error('not a database opened by openDatabase');
}

/** Whether the database is the embedded PGlite (one process, no autovacuum). */
export function isEmbedded(db: Database): boolean {
  return clientOf(db) instanceof PGlite;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory when null). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // The PostgreSQL driver is loaded only when one is used (a start on PGlite skips it: decision 025).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    // A connection the server ends while it sits idle or is being closed (a restart, an
    // administrator, a dropped test database) reports on its own 'error' event; without a listener
    // that is an uncaught exception. The pool drops the broken connection and opens a new one on
    // the next query, and a query that was running fails through its own promise.
    const ignoreEndedConnection = () => {};
    pool.on('error', ignoreEndedConnection);
    pool.on('connect', (client) => client.on('error', ignoreEndedConnection));
    const driver = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    // drizzle types each driver's database with its own result type; both answer raw statements
    // with `rows`, which QueryResult above states, so the one Database type covers both.
    const db = driver as Database;
    remember(db, pool);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(driver, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) keepPrivate(options.dataDir);
  const client = new PGlite({
    dataDir: options.dataDir ?? undefined,
    startParams: EMBEDDED_START_PARAMS,
    ...EMBEDDED_TYPES,
  });
  return wrapPglite(client);
}

/**
 * The embedded database's start: PGlite's own settings, and two of PostgreSQL's changed.
 * - A buffer pool of 32 MB instead of PostgreSQL's default 128 MB. PGlite zeroes all of its shared
 *   memory as it starts, in WebAssembly not yet optimised: with 128 MB that was a fifth of a seeded
 *   start's main thread (decision 038). Pages beyond the pool come from the operating system's page
 *   cache.
 * - New WAL files are not filled with zeroes first (`wal_init_zero`): written through the
 *   WebAssembly file system, each 16 MB file held the one thread for 15-130 ms, every 16 MB of WAL
 *   (four times during an upload of 54,000 stones), and every search waited (decision 080). The
 *   filling only reserves disk space ahead; PGlite already runs without fsync.
 */
const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'wal_init_zero=off',
];

const BYTEA = 17;

/**
 * How the embedded database passes `bytea` values: as hex text through Node's Buffer. PGlite's own
 * (0.5.16) builds the text a byte at a time: a 5 MB supplier file took 1.5–4 s to store with an
 * upload and half a second to read back, against 0.2 s (decision 036). Tests' PGlite take them too.
 */
export const EMBEDDED_TYPES = {
  serializers: {
    [BYTEA]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * The embedded database holds password hashes and personal data: its folder is the server user's
 * alone (0700, also when it existed before), so no other user reaches any file in it, and the
 * files already there become 0600. (PGlite creates its files 0666 whatever the umask; the folder
 * is what keeps them.) Files this process creates elsewhere follow umask 077.
 */
export function keepPrivate(dataDir: string) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(full, 0o700);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
}

/** What the one PGlite connection is doing: statements under way, and when the last ended. */
interface Activity {
  inFlight: number;
  lastEnd: number;
}
const ACTIVITY = new WeakMap<PGlite, Activity>();

/** Counts the statements on the connection, so long work can wait for a quiet moment (whenQuiet). */
function trackActivity(client: PGlite) {
  const activity: Activity = { inFlight: 0, lastEnd: 0 };
  ACTIVITY.set(client, activity);
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      value: async (...args: unknown[]) => {
        activity.inFlight += 1;
        try {
          return await original(...args);
        } finally {
          activity.inFlight -= 1;
          activity.lastEnd = performance.now();
        }
      },
    });
  }
}

/**
 * Resolves once the embedded database's one connection has had nothing to do for `quietMs` (a
 * request's next statement usually follows its last within a millisecond or two), or after
 * `maxWaitMs` whatever happens. Long background work (an upload's batches) calls it between
 * statements so that requests go first. PostgreSQL has a pool: it resolves at once.
 */
export async function whenQuiet(db: Database, quietMs: number, maxWaitMs: number): Promise<void> {
  const client = clientOf(db);
  const activity = client instanceof PGlite ? ACTIVITY.get(client) : undefined;
  if (!activity) return;
  const started = performance.now();
  for (;;) {
    const now = performance.now();
    if (activity.inFlight === 0 && now - activity.lastEnd >= quietMs) return;
    if (now - started >= maxWaitMs) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Wraps an open PGlite (tests hand in one cloned from a migrated template). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  trackActivity(client);
  const driver = drizzlePglite({ client, schema, casing: 'snake_case' });
  // As above: PGlite's Results carry `rows` too.
  const db = driver as Database;
  remember(db, client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(driver, { migrationsFolder }),
    close: () => client.close(),
  };
}
