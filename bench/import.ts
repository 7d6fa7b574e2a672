import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { requestLine } from '@loupe/contract/request';
import { searchStones } from '@loupe/contract/search';
import { importStock, stockImportStatus } from '@loupe/contract/stock-import';
import pg from 'pg';
import { multipartBody } from '../apps/server/src/platform/http/multipart-body.ts';
import { percentile, repoRoot } from './lib.ts';
import { writeResults } from './results.ts';
import { buyerSearches, json, port, request, type Server, start } from './stock.ts';

/**
 * `npm run bench -- import`: the 53,940 real diamonds of ../shared/data/diamonds-ggplot2.csv in
 * the supplier upload layout, imported through the operator route into a portal of 20,000
 * generated stones, on PGlite and on PostgreSQL (database loupe_bench_import, made afresh each
 * run). Each database takes the file twice: new stones, then the same file again (every row an
 * update). Measured: from the upload to the job's report (rows/s), and one buyer searching all
 * the while, its p50/p95 idle (before) and during the import.
 *
 * `BENCH_IMPORT_RUNS=pglite` or `=postgres` runs one of the two (a trial while tuning);
 * `BENCH_IMPORT_DATABASE` names the PostgreSQL database (so parallel runs keep apart).
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPERATOR = 'bench-operator-token-0123456789';
const SEARCH = requestLine(searchStones).url;
const STOCK = 20_000;

const CUT: Record<string, string> = { Ideal: 'ID', Premium: 'EX', 'Very Good': 'VG', Good: 'G', Fair: 'F' };

/** The data set as a supplier's upload (the same conversion as import-real-diamonds.test.ts). */
export function diamondsUpload(): Buffer {
  const file = path.join(repoRoot, '../shared/data/diamonds-ggplot2.csv');
  const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/).slice(1);
  const rows = lines.map((line, i) => {
    const [carat, cut, color, clarity, depth, table, price, x, y, z] = line
      .split(',')
      .map((v) => v.replaceAll('"', ''));
    const weight = Number(carat);
    return [
      `GG-${String(i + 1).padStart(5, '0')}`,
      'Round',
      weight.toFixed(2),
      color,
      clarity,
      CUT[cut!],
      `${x} x ${y} x ${z}`,
      depth,
      table,
      (Number(price) / weight).toFixed(2),
    ].join(',');
  });
  const header = 'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Measurements,Depth %,Table %,Price Per Carat';
  return Buffer.from(`${[header, ...rows].join('\n')}\n`);
}

/** The benchmarks run the compiled server: build it from this checkout first. */
export function buildServer() {
  const built = spawnSync('npm', ['run', 'build', '-w', '@loupe/server'], { cwd: repoRoot, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('npm run build -w @loupe/server failed');
}

export async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function upload(content: Buffer): Promise<{ import_id: string; total: number }> {
  const { payload, contentType } = multipartBody({
    field: importStock.upload!.field,
    name: 'diamonds.csv',
    content,
    contentType: 'text/csv',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${requestLine(importStock).url}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${OPERATOR}`,
          'content-type': contentType,
          'content-length': payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 201) reject(new Error(`import → ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One buyer searching, each search as soon as the last answered, until `done()`; answers the latencies. */
async function searchWhile(server: Server, done: () => boolean): Promise<number[]> {
  const bodies = buyerSearches(400);
  const latencies: number[] = [];
  for (let i = 0; !done(); i++) {
    const answer = await request('POST', SEARCH, bodies[i % bodies.length], server.token);
    if (answer.status !== 200) throw new Error(`search → ${answer.status}`);
    latencies.push(answer.totalMs);
  }
  return latencies;
}

interface ImportRun {
  label: string;
  seconds: number;
  rows: number;
  during: number[];
}

async function importOnce(server: Server, label: string, content: Buffer): Promise<ImportRun> {
  const t0 = performance.now();
  let finished = false;
  const searching = searchWhile(server, () => finished);
  try {
    const started = await upload(content);
    for (;;) {
      const status = await json<{ state: string; error: string | null }>(
        'GET',
        requestLine(stockImportStatus, { params: { importId: started.import_id } }).url,
        undefined,
        OPERATOR,
      );
      if (status.state === 'failed') throw new Error(`import failed: ${status.error}`);
      if (status.state === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    finished = true;
    const during = await searching;
    process.stdout.write(
      `  ${label}: ${seconds.toFixed(1)} s, search p95 ${percentile(during, 95).toFixed(0)} ms during it\n`,
    );
    return { label, seconds, rows: started.total, during };
  } finally {
    finished = true;
    await searching.catch(() => undefined);
  }
}

interface DatabaseResult {
  database: string;
  idle: number[];
  runs: ImportRun[];
}

async function benchDatabase(database: string, env: Record<string, string>): Promise<DatabaseResult> {
  const server = await start({ ...env, OPERATOR_TOKEN: OPERATOR }, STOCK);
  try {
    const content = diamondsUpload();
    // Warm the JIT and caches, then a buyer alone for ten seconds.
    const warm = performance.now() + 3000;
    await searchWhile(server, () => performance.now() > warm);
    const quiet = performance.now() + 10_000;
    const idle = await searchWhile(server, () => performance.now() > quiet);
    process.stdout.write(`  ${database}: search alone p95 ${percentile(idle, 95).toFixed(0)} ms\n`);
    const runs = [
      await importOnce(server, 'new stones', content),
      await importOnce(server, 'the same file again (updates)', content),
    ];
    return { database, idle, runs };
  } finally {
    await server.stop();
  }
}

const ms = (values: number[], p: number) => `${Math.round(percentile(values, p))} ms`;

function table(results: DatabaseResult[], load: number[]) {
  const rows = results.flatMap((r) =>
    r.runs.map(
      (run) =>
        `| ${r.database} | ${run.label} | ${run.rows.toLocaleString('en-US')} | ${run.seconds.toFixed(1)} s | ${Math.round(run.rows / run.seconds).toLocaleString('en-US')} | ${ms(r.idle, 50)} / ${ms(r.idle, 95)} | ${ms(run.during, 50)} / ${ms(run.during, 95)} (${run.during.length}) |`,
    ),
  );
  return `Load average at the start: ${load.map((v) => v.toFixed(2)).join(', ')}. The real file (53,940 rows) into a portal of ${STOCK.toLocaleString('en-US')} generated stones.

| Database | Import | Stones | Upload to report | Rows/s | Search p50 / p95 alone | Search p50 / p95 during (searches) |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Goals: at most 10 s for the file; search p95 during an import at most twice its value alone.`;
}

export async function benchImport() {
  buildServer();
  const load = os.loadavg();
  const results: DatabaseResult[] = [];
  const runs = (process.env.BENCH_IMPORT_RUNS ?? 'pglite,postgres').split(',');
  if (runs.includes('pglite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-import-'));
    try {
      process.stdout.write('- PGlite\n');
      results.push(await benchDatabase('PGlite', { DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (runs.includes('postgres')) {
    process.stdout.write('- PostgreSQL\n');
    const url = await freshPostgresDatabase(process.env.BENCH_IMPORT_DATABASE ?? 'loupe_bench_import');
    results.push(await benchDatabase('PostgreSQL 15', { DATABASE_URL: url }));
  }
  writeResults('import', table(results, load));
}
