import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { login as loginRoute } from '@loupe/contract/auth';
import { requestLine } from '@loupe/contract/request';
import { searchStones } from '@loupe/contract/search';
import { textSearch } from '@loupe/contract/text-search';
import pg from 'pg';
import { seededRandom as random } from '../apps/server/src/test/seeded-random.ts';
import {
  percentile,
  postgresCpuSeconds,
  processCpuSeconds,
  searchIndexLoaded,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.ts';
import { writeResults } from './results.ts';

export const SEARCH = requestLine(searchStones).url;

/**
 * Stock search, facets and text search on generated stock (the export has its own suite, export.ts):
 * 100,000 and 1,000,000 stones on PostgreSQL (BENCH_DATABASE_URL, default the local server) and
 * 100,000 on PGlite. The server seeds the stones itself on its first start (SEED_STONES); the
 * PostgreSQL databases are kept between runs (loupe_bench_100k, loupe_bench_1m) because loading a
 * million stones takes minutes — drop them to start over.
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const port = Number(process.env.BENCH_PORT ?? 3302);
const PASSWORD = 'Loupe-demo-2026!';

export interface Server {
  child: ChildProcess;
  token: string;
  /** PGlite, whose database runs inside the server's process (no DATABASE_URL). */
  embedded: boolean;
  stop(): Promise<void>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: Buffer;
  ttfbMs: number;
  totalMs: number;
}

export function request(method: string, url: string, body: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${url}`,
      {
        method,
        agent,
        headers: {
          // What a browser sends over HTTPS: the server answers large JSON compressed.
          'accept-encoding': 'gzip, deflate, br',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let ttfbMs = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (!ttfbMs) ttfbMs = performance.now() - t0;
          chunks.push(chunk);
        });
        res.on('end', () => {
          const totalMs = performance.now() - t0;
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, body, ttfbMs, totalMs });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export async function json<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const answer = await request(method, url, body, token);
  if (answer.status >= 300)
    throw new Error(`${method} ${url} → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return JSON.parse(answer.body.toString()) as T;
}

export async function ensurePostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function start(env: Record<string, string>, stones: number): Promise<Server> {
  const t0 = performance.now();
  const child = startServer({
    PORT: String(port),
    SEED_STONES: String(stones),
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    ...env,
  });
  const ready = await waitForHealth(port, t0, 60 * 60_000);
  process.stdout.write(`  server ready after ${(ready / 1000).toFixed(1)} s\n`);
  const login = await json<{ access_token: string }>('POST', requestLine(loginRoute).url, {
    email: 'buyer@loupe.test',
    password: PASSWORD,
  });
  const server = {
    child,
    token: login.access_token,
    embedded: env.DATABASE_URL === undefined,
    stop: () => stopServer(child),
  };
  if (env.SEARCH_INDEX !== 'false') {
    const index = await searchIndexLoaded(port, server.token);
    process.stdout.write(
      `  search index ${index.answering ? 'answering' : 'not answering fast yet'} after ${index.seconds.toFixed(1)} s\n`,
    );
  }
  return server;
}

const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];
const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1'];
const FANCY_SHAPES = ['PS', 'EM', 'AS', 'CU', 'RAD', 'PR', 'OV', 'MQ', 'HS'];
const CARAT_RANGES = [
  '0.30-0.39',
  '0.40-0.49',
  '0.50-0.59',
  '0.70-0.79',
  '0.90-0.99',
  '1.00-1.19',
  '1.20-1.49',
  '1.50-1.69',
  '2.00-2.49',
  '3.00-3.49',
];

/** What buyers search for: a shape, one or two carat bands, a few adjacent colours and clarities, sometimes more. */
export function buyerSearches(count: number) {
  const next = random(2026);
  const pickRun = (list: string[], min: number, max: number) => {
    const length = min + Math.floor(next() * (max - min + 1));
    const from = Math.floor(next() * (list.length - length + 1));
    return list.slice(from, from + length);
  };
  return Array.from({ length: count }, () => {
    const filters: Record<string, unknown> = {
      shape: next() < 0.6 ? ['BR'] : pickRun(FANCY_SHAPES, 1, 3),
      carats: pickRun(CARAT_RANGES, 1, 2),
      color: pickRun(COLORS, 2, 4),
      clarity: pickRun(CLARITIES, 2, 4),
    };
    if (next() < 0.3) filters.make = '3EX';
    if (next() < 0.3) filters.fluorescence = ['NON', 'FNT'];
    if (next() < 0.2) filters.lab = ['GIA'];
    if (next() < 0.15) filters.location = ['IND', 'BEL'];
    if (next() < 0.1) filters.discount = { gte: -50, lte: -20 };
    const sortRoll = next();
    const sort =
      sortRoll < 0.7
        ? undefined
        : [{ field: sortRoll < 0.85 ? 'discount' : 'amount', direction: sortRoll < 0.85 ? 'asc' : 'desc' }];
    const offset = next() < 0.8 ? 0 : 50 * (1 + Math.floor(next() * 4));
    return { filters, sort, limit: 50, offset };
  });
}

/** The goal's rate (issue 18: at least 100 searches a second), offered in the paced rows. */
const PACED_RATE = 100;

interface LoadResult {
  p50: number;
  p95: number;
  perSecond: number;
  requests: number;
  /**
   * The CPU a search cost, in ms: the server's process, PostgreSQL's (null on PGlite, inside the
   * server) and the bench's own client, which shares the cores (decision 075).
   */
  cpuMs: { server: number; database: number | null; client: number };
}

/** The CPU used so far by the server, its PostgreSQL and this process, in seconds. */
function cpuNow(server: Server) {
  const client = process.cpuUsage();
  return {
    server: processCpuSeconds(server.child.pid!),
    database: server.embedded ? null : postgresCpuSeconds(),
    client: (client.user + client.system) / 1e6,
  };
}

/** The latencies of a load begun at `t0` (performance.now()) and `cpu0` (cpuNow), which has just ended. */
function summary(
  server: Server,
  latencies: number[],
  t0: number,
  cpu0: ReturnType<typeof cpuNow>,
): LoadResult {
  const cpu = cpuNow(server);
  const perSearch = (seconds: number) => (seconds * 1000) / latencies.length;
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    perSecond: latencies.length / ((performance.now() - t0) / 1000),
    requests: latencies.length,
    cpuMs: {
      server: perSearch(cpu.server - cpu0.server),
      database:
        cpu.database === null || cpu0.database === null ? null : perSearch(cpu.database - cpu0.database),
      client: perSearch(cpu.client - cpu0.client),
    },
  };
}

/** `clients` loops each sending the next search as soon as the last one answered, for `seconds`. */
async function load(
  server: Server,
  clients: number,
  seconds: number,
  bodies: unknown[],
  url: string,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let cursor = 0;
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  const cpu0 = cpuNow(server);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const body = bodies[cursor++ % bodies.length];
        const answer = await request('POST', url, body, server.token);
        if (answer.status !== 200)
          throw new Error(`search → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
        latencies.push(answer.totalMs);
      }
    }),
  );
  return summary(server, latencies, t0, cpu0);
}

/**
 * Open loop (as wrk2 does): `rate` searches a second offered by `clients` connections for
 * `seconds`. Search i has its send time fixed in advance (start + i / rate); a free client takes
 * the next one and waits for its time, and when every client is still waiting for an answer the
 * search goes out late. Its latency counts from the scheduled time, so a slow answer also counts
 * in the searches queued behind it (coordinated omission) instead of slowing the offered rate.
 */
async function paced(
  server: Server,
  clients: number,
  rate: number,
  seconds: number,
  bodies: unknown[],
  url: string,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const total = Math.round(rate * seconds);
  let next = 0;
  const t0 = performance.now();
  const cpu0 = cpuNow(server);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const scheduled = t0 + (i * 1000) / rate;
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const answer = await request('POST', url, bodies[i % bodies.length], server.token);
        if (answer.status !== 200)
          throw new Error(`search → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
        latencies.push(performance.now() - scheduled);
      }
    }),
  );
  return summary(server, latencies, t0, cpu0);
}

async function textSearchBody(server: Server) {
  const page = await json<{ stones: { lot_id: string; certificate_number: string | null }[] }>(
    'POST',
    SEARCH,
    { filters: {}, limit: 90, offset: 500 },
    server.token,
  );
  const keywords = page.stones.map((s, i) =>
    i % 3 === 0 && s.certificate_number ? s.certificate_number : s.lot_id,
  );
  for (let i = 0; i < 100 - page.stones.length; i++) keywords.push(`NOPE${1000 + i}`);
  return { search_keyword: keywords.join(', '), search_type: 'normal' };
}

interface DatasetResult {
  label: string;
  one: LoadResult;
  ten: LoadResult;
  /** Page + count + every tile count, 10 clients. */
  full: LoadResult;
  /** The same offered at the goal's rate (open loop, PACED_RATE a second by 10 clients). */
  fullPaced: LoadResult;
  facets: LoadResult;
  /** The same by SQL only (SEARCH_INDEX=false), when BENCH_STOCK_SQL=1. */
  sql?: { ten: LoadResult; full: LoadResult };
  text: LoadResult;
}

async function benchDataset(label: string, server: Server): Promise<DatasetResult> {
  const searches = buyerSearches(400);
  await load(server, 2, 3, searches, SEARCH); // warm caches and the JIT
  const one = await load(server, 1, 15, searches, SEARCH);
  process.stdout.write(`  ${label}: 1 client p50 ${one.p50.toFixed(1)} ms p95 ${one.p95.toFixed(1)} ms\n`);
  const ten = await load(server, 10, 20, searches, SEARCH);
  process.stdout.write(
    `  ${label}: 10 clients p50 ${ten.p50.toFixed(1)} ms p95 ${ten.p95.toFixed(1)} ms ${ten.perSecond.toFixed(0)}/s, CPU ${cpuPerSearch(ten)} a search\n`,
  );
  const full = await load(server, 10, 20, withFacets(searches), SEARCH);
  process.stdout.write(
    `  ${label}: with facets, 10 clients p50 ${full.p50.toFixed(1)} ms p95 ${full.p95.toFixed(1)} ms ${full.perSecond.toFixed(0)}/s, CPU ${cpuPerSearch(full)} a search\n`,
  );
  const fullPaced = await paced(server, 10, PACED_RATE, 20, withFacets(searches), SEARCH);
  process.stdout.write(
    `  ${label}: with facets, ${PACED_RATE}/s offered by 10 clients p50 ${fullPaced.p50.toFixed(1)} ms p95 ${fullPaced.p95.toFixed(1)} ms ${fullPaced.perSecond.toFixed(0)}/s\n`,
  );
  const facetBodies = searches.map((s) => ({ filters: s.filters, limit: 1, facets: true }));
  const facets = await load(server, 1, 10, facetBodies, SEARCH);
  const text = await load(server, 1, 10, [await textSearchBody(server)], requestLine(textSearch).url);
  return { label, one, ten, full, fullPaced, facets, text };
}

function withFacets(searches: ReturnType<typeof buyerSearches>) {
  return searches.map((s) => ({ ...s, facets: true }));
}

/** The SQL-only search (the index switched off) on the same stock, for the side-by-side rows. */
async function benchSqlOnly(label: string, server: Server) {
  const searches = buyerSearches(400);
  await load(server, 2, 3, searches, SEARCH);
  const ten = await load(server, 10, 20, searches, SEARCH);
  const full = await load(server, 10, 20, withFacets(searches), SEARCH);
  process.stdout.write(
    `  ${label} by SQL: 10 clients p95 ${ten.p95.toFixed(1)} ms, with facets p95 ${full.p95.toFixed(1)} ms ${full.perSecond.toFixed(0)}/s\n`,
  );
  return { ten, full };
}

const f = (v: number) => `${Math.round(v)} ms`;

/**
 * A load's CPU a search, "3.3 + 2.9 + 1.3 ms" (server + database + client); on PGlite the database's
 * place shows "–", its work being in the server's.
 */
function cpuPerSearch({ cpuMs }: LoadResult) {
  const database = cpuMs.database === null ? '–' : cpuMs.database.toFixed(1);
  return `${cpuMs.server.toFixed(1)} + ${database} + ${cpuMs.client.toFixed(1)} ms`;
}

function table(results: DatasetResult[]) {
  const rows = results.flatMap((r) => [
    `| ${r.label} | search, 1 client | ${f(r.one.p50)} | ${f(r.one.p95)} | ${r.one.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.one)} |`,
    `| ${r.label} | search, 10 clients | ${f(r.ten.p50)} | ${f(r.ten.p95)} | ${r.ten.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.ten)} |`,
    `| ${r.label} | search with facets (page + count + every tile), 10 clients | ${f(r.full.p50)} | ${f(r.full.p95)} | ${r.full.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.full)} |`,
    `| ${r.label} | search with facets, ${PACED_RATE}/s offered by 10 clients (open loop, latency from the scheduled send) | ${f(r.fullPaced.p50)} | ${f(r.fullPaced.p95)} | ${r.fullPaced.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.fullPaced)} |`,
    ...(r.sql
      ? [
          `| ${r.label} | search, 10 clients, SQL only (SEARCH_INDEX=false) | ${f(r.sql.ten.p50)} | ${f(r.sql.ten.p95)} | ${r.sql.ten.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.sql.ten)} |`,
          `| ${r.label} | search with facets, 10 clients, SQL only | ${f(r.sql.full.p50)} | ${f(r.sql.full.p95)} | ${r.sql.full.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.sql.full)} |`,
        ]
      : []),
    `| ${r.label} | facet counts (live count with facets), 1 client | ${f(r.facets.p50)} | ${f(r.facets.p95)} | ${r.facets.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.facets)} |`,
    `| ${r.label} | text search, 100 keywords, 1 client | ${f(r.text.p50)} | ${f(r.text.p95)} | ${r.text.perSecond.toFixed(0)}/s | ${cpuPerSearch(r.text)} |`,
  ]);
  return `Search = one page of 50 stones plus the total count, from a fixed mix of 400 buyer searches.
Searches go through the in-process index (decision 023) unless the row says SQL only. The CPU column
is each process's CPU over the row's run divided by its searches (PGlite's database is inside the
server): the three share two cores, so their sum bounds the rate back to back.
Load average when the run began: ${loadAtStart}.

| Stock | Measure | p50 | p95 | Throughput | CPU a search: server + database + bench client |
|---|---|---|---|---|---|
${rows.join('\n')}

Goals (issue 18): 1,000,000 stones on PostgreSQL, page + count + every tile with 10 clients, p95
at most 50 ms and at least 100 searches a second; PGlite at 100,000 stones p95 at most 50 ms. The
export has a suite of its own (\`npm run bench -- export\`).`;
}

let loadAtStart = '';

export async function benchStock() {
  loadAtStart = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(', ');
  const sqlToo = process.env.BENCH_STOCK_SQL === '1';
  const sizes = (process.env.BENCH_STOCK_SIZES ?? 'pg-100k,pg-1m,pglite-100k').split(',');
  const results: DatasetResult[] = [];
  for (const size of sizes) {
    process.stdout.write(`- ${size}\n`);
    const stones = size.endsWith('1m') ? 1_000_000 : 100_000;
    let env: Record<string, string>;
    let dataDir: string | undefined;
    if (size.startsWith('pg-')) {
      const url = await ensurePostgresDatabase(stones === 1_000_000 ? 'loupe_bench_1m' : 'loupe_bench_100k');
      env = { DATABASE_URL: url };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-stock-'));
      env = { DATA_DIR: dataDir };
    }
    try {
      const label = `${stones.toLocaleString('en-US')} stones, ${size.startsWith('pg-') ? 'PostgreSQL 15' : 'PGlite'}`;
      let sql: DatasetResult['sql'];
      if (sqlToo) {
        const server = await start({ ...env, SEARCH_INDEX: 'false' }, stones);
        try {
          sql = await benchSqlOnly(label, server);
        } finally {
          await server.stop();
        }
      }
      const server = await start(env, stones);
      try {
        const result = await benchDataset(label, server);
        results.push({ ...result, sql });
      } finally {
        await server.stop();
      }
    } finally {
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  writeResults('stock', table(results));
}
