import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login as loginRoute } from '@loupe/contract/auth';
import { findPairs } from '@loupe/contract/matching-pairs';
import { requestLine } from '@loupe/contract/request';
import pg from 'pg';
import { percentile, searchIndexLoaded, startServer, stopServer, waitForHealth } from './lib.ts';
import { writeResults } from './results.ts';

/**
 * Matching pairs (decision 017) on generated stock: 100,000 stones in PGlite (a temporary folder)
 * and, with `BENCH_PAIRS_1M=1`, 1,000,000 in PostgreSQL (database loupe_bench_1m on
 * BENCH_DATABASE_URL's server, shared with the stock suite and kept between runs). The server
 * seeds its stones itself (SEED_STONES); the buyer has the default settings. Measured over
 * keep-alive HTTP from the same machine: the first pairing after start (the index is read), then
 * a fixed mix of 60 filter sets (no filter, a shape, a shape with a carat band and colours),
 * 1 client after a 3 s warm-up: the screen's first page of 25 pairs for 20 s, then the whole
 * result (up to 150 pairs) for 10 s.
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PAIRS_PORT ?? 3234);
const PASSWORD = 'Loupe-demo-2026!';
/** The matching-pair screen's page of pairs. */
const PAGE = 25;

async function call(url: string, init: RequestInit & { token?: string } = {}) {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    ...init,
    headers: {
      'accept-encoding': 'gzip, br',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${url} → ${res.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t0, body: JSON.parse(text) as Record<string, unknown> };
}

async function postgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A deterministic mix: a third unfiltered, a third one shape, a third a buyer's narrower search. */
function filterMix(count: number) {
  let state = 2026;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const shapes = ['BR', 'BR', 'BR', 'OV', 'PS', 'EM', 'CU', 'PR', 'MQ', 'RAD'];
  const bands = ['0.30-0.39', '0.50-0.59', '0.70-0.79', '0.90-0.99', '1.00-1.19', '1.50-1.69', '2.00-2.49'];
  const colors = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    if (i % 3 === 0) return {};
    if (i % 3 === 1) return { shape: [pick(shapes)] };
    const from = Math.floor(next() * (colors.length - 3));
    return { shape: [pick(shapes)], carats: [pick(bands)], color: colors.slice(from, from + 3) };
  });
}

interface Run {
  p50: number;
  p95: number;
  perSecond: number;
  pairs: number;
}

interface Figures {
  label: string;
  first: number;
  page: Run;
  whole: Run;
}

async function run(urls: string[], token: string, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let pairs = 0;
  const started = performance.now();
  for (let i = 0; performance.now() - started < seconds * 1000; i++) {
    const answer = await call(urls[i % urls.length]!, { token });
    latencies.push(answer.ms);
    pairs += (answer.body.pairs as unknown[]).length;
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    pairs: pairs / latencies.length,
  };
}

async function measure(label: string, env: Record<string, string>, stones: number): Promise<Figures> {
  const t0 = performance.now();
  const child = startServer({
    PORT: String(port),
    SEED_STONES: String(stones),
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    ...env,
  });
  try {
    await waitForHealth(port, t0, 60 * 60_000);
    process.stdout.write(`  ${label}: ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const { body } = await call(requestLine(loginRoute).url, {
      method: 'POST',
      body: JSON.stringify({ email: 'buyer@loupe.test', password: PASSWORD }),
    });
    const token = body.access_token as string;
    const mix = filterMix(60);
    const urlsOf = (limit: number) =>
      mix.map(
        (filters) => requestLine(findPairs, { query: { filters: JSON.stringify(filters), limit } }).url,
      );
    const pages = urlsOf(PAGE);
    const first = (await call(pages[0]!, { token })).ms;
    // The pool comes from the search index once it has loaded (decision 023).
    const index = await searchIndexLoaded(port, token);
    process.stdout.write(
      `  ${label}: search index ${index.answering ? 'answering' : 'not answering fast yet'}\n`,
    );
    const warmUntil = performance.now() + 3_000;
    for (let i = 0; performance.now() < warmUntil; i++) await call(pages[i % pages.length]!, { token });
    return { label, first, page: await run(pages, token, 20), whole: await run(urlsOf(150), token, 10) };
  } finally {
    await stopServer(child);
  }
}

export async function benchPairs() {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  const figures: Figures[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-pairs-'));
  try {
    figures.push(await measure('100,000 stones, PGlite', { DATA_DIR: dataDir }, 100_000));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_PAIRS_1M === '1') {
    const url = await postgresDatabase('loupe_bench_1m');
    figures.push(await measure('1,000,000 stones, PostgreSQL 15', { DATABASE_URL: url }, 1_000_000));
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  const row = (f: Figures, what: string, r: Run) =>
    `| ${f.label} | ${what} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.perSecond.toFixed(0)}/s | ${r.pairs.toFixed(0)} |`;
  writeResults(
    'pairs',
    `Pairs = \`GET /store/products-matching-pair\` with the default settings, from a fixed mix of 60 filter
sets (a third unfiltered, a third one shape, a third a shape, a carat band and three colours), 1 client.

| Stock | Request | p50 | p95 | Throughput | Pairs per answer |
|---|---|---|---|---|---|
${figures.flatMap((f) => [row(f, 'first page, 25 pairs', f.page), row(f, 'whole result, up to 150 pairs', f.whole)]).join('\n')}

| Stock | First pairing after start (reads the index) |
|---|---|
${figures.map((f) => `| ${f.label} | ${ms(f.first)} |`).join('\n')}

Load average of the machine (shared with other work) when the run began: ${load}.

Goals (issue 15): 100,000 stones on PGlite p95 under 150 ms; 1,000,000 on PostgreSQL under 100 ms.`,
  );
}
