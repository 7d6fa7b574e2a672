import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';

const config = loadConfig();
/** V8's default is 1,800,000 (Node 20's V8 11.3), roughly bytes of code run per function. */
const EMBEDDED_WASM_TIERING_BUDGET = 100_000_000;
/** What the start is doing, before the server's own log begins (the first start takes about 10 s). */
const say = (line: string) => {
  if (config.LOG_LEVEL !== 'silent') process.stdout.write(`loupe: ${line}\n`);
};
say(
  config.DATABASE_URL
    ? 'opening the PostgreSQL database of DATABASE_URL'
    : `opening the embedded database in ${config.DATA_DIR}`,
);
const firstStart = !config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, 'PG_VERSION'));
// The embedded database is PostgreSQL in WebAssembly: V8 runs it with its baseline compiler and
// recompiles each function with its optimising one once that function has run a budget of code.
// At V8's default budget a start sends about 160 of PostgreSQL's start-up functions (some of
// 100 KB) to be optimised on four background threads: a third of the whole process' CPU time
// up to the first answer on a 2-core machine, competing with the main thread, for code that runs
// once and has finished before the optimised code arrives. With a budget 55 times larger only the
// functions that run a great deal are optimised, the steady state's hot paths among them, a little
// later (decision 050). Set before PGlite compiles its module; V8 reads it as it instantiates.
if (!config.DATABASE_URL) v8.setFlagsFromString(`--wasm-tiering-budget=${EMBEDDED_WASM_TIERING_BUDGET}`);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
// The rest of the server loads while the embedded database starts, its WebAssembly compiling on
// other threads (decision 025).
const [
  { createMemoryLimiter, createRedisLimiter },
  { systemClock },
  { createStorage },
  { newToken },
  { buildApp },
  { serverInfoFile },
  { migrateDatabase },
  { seedDemo },
] = await Promise.all([
  import('../platform/account-limiter.ts'),
  import('../platform/clock.ts'),
  import('../platform/storage/storage.ts'),
  import('../platform/tokens.ts'),
  import('./app.ts'),
  import('./cli/server-info.ts'),
  import('./migrate-database.ts'),
  import('./seed/demo.ts'),
]);
const storage = await createStorage(config);
say(firstStart ? 'creating and migrating the database (once, on the first start)' : 'migrating the database');
await migrateDatabase(database, storage);
if (config.SEED_DEMO) {
  say('seeding the demo accounts and stock');
  await seedDemo(database.db, systemClock, { stones: config.SEED_STONES, say });
}
say('starting the server');

// ioredis is loaded only when Redis is configured (decision 025).
const redis = config.REDIS_URL
  ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
  : undefined;
const operatorToken = config.OPERATOR_TOKEN ?? newToken();

const app = await buildApp({
  config,
  db: database.db,
  clock: systemClock,
  storage,
  accountLimiter: redis
    ? createRedisLimiter(redis, config.RATE_LIMIT_PER_ACCOUNT)
    : createMemoryLimiter(config.RATE_LIMIT_PER_ACCOUNT),
  redis,
  operatorToken,
});

await app.listen({ port: config.PORT, host: config.HOST });
say(`ready at http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`);

// Lets `npm run admin` find this server (and its credential) instead of opening ./data a second time.
const infoFile = serverInfoFile(config.DATA_DIR);
if (!config.DATABASE_URL) {
  fs.mkdirSync(path.dirname(infoFile), { recursive: true });
  fs.writeFileSync(infoFile, JSON.stringify({ pid: process.pid, port: config.PORT, operatorToken }), {
    mode: 0o600,
  });
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  try {
    await app.close();
    await redis?.quit();
    await database.close();
    if (!config.DATABASE_URL) fs.rmSync(infoFile, { force: true });
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
