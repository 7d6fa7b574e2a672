import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requestLine } from '@loupe/contract/request';
import { exportStones } from '@loupe/contract/stock-export';
import { buildServer } from './import.ts';
import { postgresCpuSeconds, processCpuSeconds } from './lib.ts';
import { writeResults } from './results.ts';
import { ensurePostgresDatabase, json, request, SEARCH, type Server, start } from './stock.ts';

/**
 * `npm run bench -- export`: Download Excel of the heaviest stones of generated stock, about
 * 10,000 and 100,000 rows, on PostgreSQL (database loupe_bench_export_100k, or
 * BENCH_EXPORT_DATABASE; 100,000 stones, kept between runs: drop it to start over) and 10,000 rows
 * on PGlite (100,000 stones in a fresh folder; BENCH_EXPORT_PGLITE=false leaves it out), each on a server started afresh after seeding. Measured from the client: the time
 * to the last byte and to the first; from the server: its resident memory before the export and
 * its peak during it (VmHWM, reset first); and the CPU the export cost the server (all its threads)
 * and PostgreSQL (all its processes): on two cores their sum, not one thread, sets the time
 * (decision 076).
 */

const STONES = 100_000;

/**
 * The server that seeded the stock keeps the memory seeding took: the export is measured on a
 * server started afresh on the seeded database, as a portal runs.
 */
async function startSeeded(env: Record<string, string>): Promise<Server> {
  const seeding = await start(env, STONES);
  await seeding.stop();
  return start(env, STONES);
}

function peakRssReset(pid: number) {
  // Writing 5 to clear_refs resets the kernel's peak-RSS mark (VmHWM) for the process.
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not permitted: the peak then includes everything since start
  }
}

function peakRssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The heaviest stones, from a lower weight found by bisection so that about `target` stones match (never more). */
async function filtersForAbout(server: Server, target: number) {
  let low = 0.15;
  let high = 50;
  let best: { filters: Record<string, unknown>; count: number } | undefined;
  for (let i = 0; i < 20; i++) {
    const mid = Math.round(((low + high) / 2) * 100) / 100;
    const filters = { carats: [`${mid.toFixed(2)}-50.00`] };
    const { count } = await json<{ count: number }>('POST', SEARCH, { filters, limit: 1 }, server.token);
    if (count <= target) {
      if (!best || count > best.count) best = { filters, count };
      high = mid;
    } else low = mid;
    if (best && best.count > target * 0.97) break;
  }
  if (!best) throw new Error(`no filter finds at most ${target} stones`);
  return best;
}

async function exportRun(server: Server, target: number) {
  const { filters, count } = await filtersForAbout(server, target);
  const pid = server.child.pid!;
  peakRssReset(pid);
  const serverCpu = processCpuSeconds(pid);
  const databaseCpu = server.embedded ? null : postgresCpuSeconds();
  const answer = await request(
    'POST',
    requestLine(exportStones).url,
    { previous_searchs: filters, file_name: 'bench.xlsx' },
    server.token,
  );
  if (answer.status !== 200)
    throw new Error(`export → ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return {
    rows: count,
    ttfbMs: answer.ttfbMs,
    totalMs: answer.totalMs,
    peakMb: peakRssMb(pid),
    bytes: answer.body.length,
    serverCpuS: processCpuSeconds(pid) - serverCpu,
    databaseCpuS: databaseCpu === null ? null : postgresCpuSeconds() - databaseCpu,
  };
}

function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface ExportFigures {
  database: string;
  rows: number;
  totalMs: number;
  ttfbMs: number;
  beforeMb: number;
  peakMb: number;
  bytes: number;
  /** CPU seconds the export cost the server, and PostgreSQL (null: PGlite, inside the server). */
  serverCpuS: number;
  databaseCpuS: number | null;
}

async function exportsOf(database: string, server: Server, targets: number[]): Promise<ExportFigures[]> {
  // A first export loads exceljs and warms the JIT; it is not counted.
  await exportRun(server, 1000);
  const figures: ExportFigures[] = [];
  for (const target of targets) {
    const beforeMb = residentMb(server.child.pid!);
    const run = await exportRun(server, target);
    figures.push({ database, beforeMb, ...run });
    process.stdout.write(
      `  ${database}: ${run.rows} rows in ${Math.round(run.totalMs)} ms, first byte ${Math.round(run.ttfbMs)} ms, peak ${Math.round(run.peakMb)} MB (${Math.round(beforeMb)} MB before), CPU ${cpuText(run)}\n`,
    );
  }
  return figures;
}

/** "2.9 s server + 2.3 s database", or the server's alone on PGlite (its database is inside it). */
function cpuText(f: Pick<ExportFigures, 'serverCpuS' | 'databaseCpuS'>) {
  const server = `${f.serverCpuS.toFixed(1)} s server`;
  return f.databaseCpuS === null
    ? `${server} (database inside)`
    : `${server} + ${f.databaseCpuS.toFixed(1)} s database`;
}

function table(figures: ExportFigures[], load: number[]) {
  const rows = figures.map(
    (f) =>
      `| ${f.database} | ${f.rows.toLocaleString('en-US')} | ${Math.round(f.totalMs)} ms | ${Math.round(f.ttfbMs)} ms | ${Math.round(f.beforeMb)} MB | ${Math.round(f.peakMb)} MB | ${(f.bytes / 2 ** 20).toFixed(1)} MB | ${cpuText(f)} |`,
  );
  return `Load average at the start: ${load.map((v) => v.toFixed(2)).join(', ')}. Stock: ${STONES.toLocaleString('en-US')} generated stones.

| Database | Export rows | Time | First byte | Server RSS before | Server peak RSS | File | CPU used |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Goals: 100,000 rows in at most 3 s, first byte within 1 s, server peak memory at most 256 MB.`;
}

export async function benchExport() {
  buildServer();
  const load = os.loadavg();
  const figures: ExportFigures[] = [];
  process.stdout.write('- PostgreSQL\n');
  const url = await ensurePostgresDatabase(process.env.BENCH_EXPORT_DATABASE ?? 'loupe_bench_export_100k');
  const pgServer = await startSeeded({ DATABASE_URL: url });
  try {
    figures.push(...(await exportsOf('PostgreSQL 15', pgServer, [10_000, 100_000])));
  } finally {
    await pgServer.stop();
  }
  if (process.env.BENCH_EXPORT_PGLITE === 'false') return writeResults('export', table(figures, load));
  process.stdout.write('- PGlite\n');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-export-'));
  try {
    const server = await startSeeded({ DATA_DIR: dataDir });
    try {
      figures.push(...(await exportsOf('PGlite', server, [10_000])));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults('export', table(figures, load));
}
