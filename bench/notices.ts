import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  type BenchBuyer,
  createDatabase,
  percentile,
  seedApprovedBuyers,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.ts';
import { writeResults } from './results.ts';

/**
 * Notice delivery: 2,000 sockets (200 customers with 10 tabs or devices each) stay connected while
 * 200 notices a second are written for 10 s, each to one customer. A delivery's time runs from the
 * notice's created_at (set in the writing transaction) to the socket's `notification` event in
 * this process. Once on one instance, once on two instances behind Redis with the sockets split
 * between them.
 */
const CUSTOMERS = 200;
const SOCKETS_PER_CUSTOMER = 10;
const RATE_PER_SECOND = 200;
const DURATION_MS = 10_000;
const PORTS = [3311, 3312];

export interface DeliveryFigures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
  raised: number;
  /** The machine's one-minute load average at the end of the run: other work competes for the cores. */
  load: number;
}

export interface NoticeBenchResult {
  single: DeliveryFigures;
  redis: DeliveryFigures;
}

type Buyer = BenchBuyer;

async function seedBuyers(databaseUrl: string): Promise<Buyer[]> {
  return seedApprovedBuyers(databaseUrl, CUSTOMERS, SOCKETS_PER_CUSTOMER);
}

async function startInstances(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  // One after the other: the first start migrates the database.
  for (const port of PORTS.slice(0, count)) {
    const t0 = performance.now();
    const child = startServer({ ...env, PORT: String(port) });
    children.push(child);
    await waitForHealth(port, t0, 120_000);
  }
  return children;
}

async function connectAll(buyers: Buyer[], instances: number, onEvent: (createdAt: string) => void) {
  const sockets: Socket[] = [];
  const pending: Promise<void>[] = [];
  let n = 0;
  for (const buyer of buyers) {
    for (const token of buyer.tokens) {
      const port = PORTS[n % instances]!;
      n += 1;
      const socket = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
      });
      socket.on('notification', (event: { change: string; notice?: { created_at: string } }) => {
        if (event.change === 'created' && event.notice) onEvent(event.notice.created_at);
      });
      sockets.push(socket);
      pending.push(
        new Promise((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        }),
      );
      // Connect in waves so the handshakes do not all land in the same instant.
      if (pending.length % 100 === 0) await Promise.all(pending.slice(-100));
    }
  }
  await Promise.all(pending);
  return sockets;
}

/**
 * Raises RATE_PER_SECOND notices a second for DURATION_MS the way a business change in any
 * process does: the row and its NOTIFY in one transaction (here one statement), on the shared
 * database. What is measured is the delivery, not an HTTP endpoint that raises notices.
 */
async function raiseNotices(buyers: Buyer[], databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  const started = performance.now();
  const writes: Promise<unknown>[] = [];
  let sent = 0;
  try {
    while (performance.now() - started < DURATION_MS) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE_PER_SECOND);
      while (sent < due) {
        const buyer = buyers[sent % buyers.length]!;
        sent += 1;
        writes.push(
          pool.query(
            `with notice as (
               insert into notices (customer_id, kind, title, message, target_page, important, web, mobile, email, created_at)
               values ($1, 'order_invoiced', $2, 'Your invoice is ready to pay.', 'your-orders:activeInvoices',
                       true, true, true, true, clock_timestamp())
               returning id)
             select pg_notify('loupe_notices', '') from notice`,
            [buyer.id, `Invoice ${sent} ready`],
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(writes);
    return sent;
  } finally {
    await pool.end();
  }
}

async function measure(
  instances: number,
  env: Record<string, string> & { DATABASE_URL: string },
  buyers: Buyer[],
): Promise<DeliveryFigures> {
  const children = await startInstances(instances, env);
  const latencies: number[] = [];
  let sockets: Socket[] = [];
  try {
    sockets = await connectAll(buyers, instances, (createdAt) => {
      latencies.push(Date.now() - Date.parse(createdAt));
    });
    const raised = await raiseNotices(buyers, env.DATABASE_URL);
    const expected = raised * SOCKETS_PER_CUSTOMER;
    // Stragglers: wait until every delivery arrived, 5 s at most.
    const waitUntil = performance.now() + 5000;
    while (latencies.length < expected && performance.now() < waitUntil)
      await new Promise((r) => setTimeout(r, 50));
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      delivered: latencies.length,
      expected,
      raised,
      load: os.loadavg()[0]!,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    for (const child of children) await stopServer(child);
  }
}

async function measureBoth(): Promise<NoticeBenchResult> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = await createDatabase(adminUrl);
  const env = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
  };
  try {
    // The first start migrates; the customers go in before any socket connects.
    await stopServer((await startInstances(1, env))[0]!);
    const buyers = await seedBuyers(database.url);
    const single = await measure(1, env, buyers);
    const redis = await measure(2, { ...env, REDIS_URL: redisUrl }, buyers);
    return { single, redis };
  } finally {
    await database.drop();
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;
const row = (label: string, goal: string, f: DeliveryFigures) =>
  `| ${label} | ${goal} | ${ms(f.p50)} / ${ms(f.p95)} (p99 ${ms(f.p99)}, max ${ms(f.max)}; ${f.delivered} of ${f.expected} deliveries; load average ${f.load.toFixed(1)}) |`;

/** The notices suite: delivery latency on one instance and on two behind Redis. */
export async function benchNotices() {
  const { single, redis } = await measureBoth();
  writeResults(
    'notices',
    `2,000 sockets, 200 notices a second for 10 s (${single.raised} and ${redis.raised} notices raised).

| Figure | Goal | Result (p50 / p95) |
|---|---|---|
${row('Notice delivery, one instance', 'p95 under 100 ms', single)}
${row('Notice delivery, two instances with Redis', 'p95 under 150 ms', redis)}`,
  );
}
