import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { health } from '@loupe/contract/portal';
import { requestLine } from '@loupe/contract/request';
import { searchStones } from '@loupe/contract/search';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** `BENCH_SERVER_NODE_ARGS` passes flags to the servers' Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`). */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...serverNodeArgs, path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls the health route every 10 ms; answers the milliseconds until the first 200. */
export async function waitForHealth(port: number, startedAt: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${requestLine(health).url}`);
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`server on port ${port} not healthy after ${timeoutMs} ms`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function percentile(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}, CPU reference ${cpuReference()} ms`;
}

/** Linux's clock ticks a second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/**
 * A process's CPU seconds so far from /proc/<pid>/stat: its own (utime + stime, every thread) and
 * that of its children that ended and were waited for (cutime + cstime); null once it ended.
 */
function cpuOf(pid: number): { own: number; children: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state is the first, utime the 12th.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return {
      own: (fields[11]! + fields[12]!) / CLOCK_TICKS,
      children: (fields[13]! + fields[14]!) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far, in all its threads; NaN once it ended. */
export function processCpuSeconds(pid: number): number {
  return cpuOf(pid)?.own ?? Number.NaN;
}

/**
 * CPU seconds used so far by the PostgreSQL server on this machine, the bench's own backends
 * included: every live process's own, and the postmaster's ended children's, so that a backend
 * ending between two readings takes nothing away.
 */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone meanwhile
    }
    const cpu = cpuOf(Number(entry));
    if (cpu) seconds += cpu.own + cpu.children;
  }
  return seconds;
}

let reference: number | undefined;

/**
 * One core's speed, to read figures of different machines side by side: VMs that report the same
 * CPU model have differed twofold (bench/README.md). The same work every time, of the kinds the
 * server does most (JSON of stone rows, gzip, a sort): the fastest of seven runs, in ms, measured
 * once per bench process before its first suite (`bench/run.ts`), so other work on the cores and a
 * suite's heap move it less than the figures. Lower is faster.
 */
export function cpuReference(): number {
  if (reference !== undefined) return reference;
  const shapes = ['Round', 'Oval', 'Pear', 'Princess', 'Cushion', 'Emerald'];
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: `LP${String(i).padStart(7, '0')}`,
    shape: shapes[i % shapes.length],
    carat: ((i * 37) % 500) / 100 + 0.3,
    color: String.fromCharCode(68 + (i % 10)),
    price: (i * 7919) % 25_000,
  }));
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const t0 = performance.now();
    const text = JSON.stringify(rows);
    const back = JSON.parse(text) as typeof rows;
    back.sort((a, b) => a.price - b.price || a.carat - b.carat);
    zlib.gzipSync(text, { level: 6 });
    times.push(performance.now() - t0);
  }
  reference = Math.round(Math.min(...times));
  return reference;
}

/** A throwaway database on the PostgreSQL of `adminUrl`, and how to drop it. */
export async function createDatabase(adminUrl: string) {
  const name = `loupe_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface BenchBuyer {
  id: string;
  /** Session tokens, one a socket. */
  tokens: string[];
}

/**
 * KYC-approved customers and their sessions straight in the (migrated) database: logging in
 * thousands of times is not the point of a benchmark.
 */
export async function seedApprovedBuyers(
  databaseUrl: string,
  customers: number,
  sessionsEach: number,
): Promise<BenchBuyer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const buyers: BenchBuyer[] = [];
    for (let i = 0; i < customers; i++) {
      const email = `bench-${i}@loupe.test`;
      const { rows } = await client.query<{ id: string }>(
        `insert into customers (email, country_code, phone, first_name, last_name, company_name,
           country_iso2_code, password_hash, kyc_status)
         values ($1, '91', $2, 'Bench', 'Buyer', 'Bench Jewels', 'IN', 'not-a-login', 'approved')
         returning id`,
        [email, String(9_100_000_000 + i)],
      );
      const tokens = Array.from({ length: sessionsEach }, () => randomBytes(32).toString('base64url'));
      for (const token of tokens) {
        await client.query(
          `insert into sessions (customer_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
          [rows[0]!.id, createHash('sha256').update(token).digest('hex')],
        );
      }
      buyers.push({ id: rows[0]!.id, tokens });
    }
    return buyers;
  } finally {
    await client.end();
  }
}

/**
 * The search index loads in the background after start (decision 023) and searches use SQL
 * meanwhile: wait until a count of the whole stock answers from memory (three in a row under
 * 25 ms; a count of the table by SQL takes several times that), at most 5 minutes. Answers the
 * seconds waited and whether it answered.
 */
export async function searchIndexLoaded(port: number, token: string) {
  const url = `http://127.0.0.1:${port}${requestLine(searchStones).url}`;
  const t0 = performance.now();
  let fast = 0;
  while (fast < 3 && performance.now() - t0 < 5 * 60_000) {
    const sent = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ filters: {}, limit: 1 }),
    });
    await res.arrayBuffer();
    fast = res.status === 200 && performance.now() - sent < 25 ? fast + 1 : 0;
    if (fast === 0) await new Promise((r) => setTimeout(r, 250));
  }
  return { seconds: (performance.now() - t0) / 1000, answering: fast >= 3 };
}
