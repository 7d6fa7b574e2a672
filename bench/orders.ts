import http from 'node:http';
import os from 'node:os';
import { login as loginRoute } from '@loupe/contract/auth';
import { confirmStones, confirmTimeCheck } from '@loupe/contract/confirmation';
import { requestLine } from '@loupe/contract/request';
import pg from 'pg';
import { percentile, startServer, stopServer, waitForHealth } from './lib.ts';
import { writeResults } from './results.ts';

/**
 * Confirmations: 10 KYC-approved buyers, each looping confirm-time-check + confirm of 1–3 random
 * available stones back to back, against the real server on PostgreSQL with 20,000 generated
 * stones. The database (loupe_bench_orders on BENCH_DATABASE_URL's server) is made afresh every
 * run, so each run sells from the same stock. At the end the database is asked whether every stone
 * sold during the run is in exactly one live order.
 *
 * BENCH_ORDERS_SECONDS shortens or lengthens the measured loop (default 30 s).
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'loupe_bench_orders';
const PORT = 3304;
const STONES = 20_000;
const BUYERS = 10;
const WARM_UP_MS = 2_000;
const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 30);
const PASSWORD = 'Loupe-demo-2026!';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

function post(url: string, payload: unknown, token?: string): Promise<Answer> {
  const data = Buffer.from(JSON.stringify(payload));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${PORT}${url}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': data.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            ms: performance.now() - t0,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/**
 * The bench buyers, straight in the database with the demo password's hash and the demo buyer's
 * KAM (so each confirmation also writes the KAM's email); then logged in through the API.
 */
async function seedBuyers(client: pg.Client): Promise<{ id: string; token: string }[]> {
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const { rows } = await client.query<{ id: string }>(
      `insert into customers (email, country_code, phone, first_name, last_name, company_name,
         country_iso2_code, password_hash, kyc_status, kam_id, is_phone_verified, is_email_verified)
       select $1, '91', $2, 'Bench', $3, 'Bench Jewels', 'IN', password_hash, 'approved', kam_id, true, true
       from customers where email = 'buyer@loupe.test'
       returning id`,
      [`bench-orders-${i}@loupe.test`, String(9_200_000_000 + i), `Buyer ${i}`],
    );
    if (!rows[0]) throw new Error('the demo buyer is missing: was the demo seeded?');
    const login = await post(requestLine(loginRoute).url, {
      email: `bench-orders-${i}@loupe.test`,
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`login → ${login.status} ${JSON.stringify(login.body)}`);
    buyers.push({ id: rows[0].id, token: login.body.access_token as string });
  }
  return buyers;
}

interface Stone {
  id: string;
  amount: number;
}

/** The stones anyone may buy, shared by the buyers; a stone leaves it once sold or refused. */
class StonePool {
  private stones: Stone[];
  constructor(stones: Stone[]) {
    this.stones = stones;
  }
  /** 1–3 distinct random stones. */
  pick(): Stone[] {
    const count = 1 + Math.floor(Math.random() * 3);
    const picked = new Map<string, Stone>();
    while (picked.size < Math.min(count, this.stones.length)) {
      const stone = this.stones[Math.floor(Math.random() * this.stones.length)]!;
      picked.set(stone.id, stone);
    }
    return [...picked.values()];
  }
  remove(ids: Iterable<string>) {
    const gone = new Set(ids);
    this.stones = this.stones.filter((s) => !gone.has(s.id));
  }
  get size() {
    return this.stones.length;
  }
}

interface Tally {
  confirmMs: number[];
  checkMs: number[];
  confirmed: number;
  stonesSold: string[];
  conflicts: number;
  checkRefused: number;
  errors: string[];
}

async function buyerLoop(token: string, pool: StonePool, until: number, tally: Tally | null) {
  while (performance.now() < until && pool.size > 3) {
    const picked = pool.pick();
    const variants = picked.map((s) => ({ id: s.id, amount: s.amount }));
    const check = await post(requestLine(confirmTimeCheck).url, { variants }, token);
    tally?.checkMs.push(check.ms);
    if (check.status !== 200) {
      tally?.errors.push(`time-check ${check.status} ${JSON.stringify(check.body).slice(0, 200)}`);
      continue;
    }
    if (check.body.status !== 'available') {
      // Taken by another buyer since it was picked: choose again, as a buyer would.
      const data = check.body.data as Record<string, { status: string }>;
      pool.remove(Object.keys(data).filter((id) => data[id]!.status !== 'available'));
      if (tally) tally.checkRefused += 1;
      continue;
    }
    const confirm = await post(
      requestLine(confirmStones, { query: { request_page: 'Searching' } }).url,
      { variants, comments: 'bench' },
      token,
    );
    if (confirm.status === 200) {
      pool.remove(picked.map((s) => s.id));
      if (tally) {
        tally.confirmMs.push(confirm.ms);
        tally.confirmed += 1;
        tally.stonesSold.push(...picked.map((s) => s.id));
      }
    } else if (confirm.status === 409) {
      const problems = (confirm.body.details as { stones?: { id: string }[] } | undefined)?.stones ?? [];
      pool.remove(problems.map((p) => p.id));
      if (tally) {
        tally.confirmMs.push(confirm.ms);
        tally.conflicts += 1;
      }
    } else {
      tally?.errors.push(`confirm ${confirm.status} ${JSON.stringify(confirm.body).slice(0, 200)}`);
    }
  }
}

interface Integrity {
  soldDuringRun: number;
  inOneOrder: number;
  duplicates: number;
}

async function integrity(client: pg.Client, soldBefore: number, stoneIds: string[]): Promise<Integrity> {
  const sold = await client.query<{ n: string }>('select count(*) as n from stones where status = 4');
  const duplicates = await client.query<{ n: string }>(
    `select count(*) as n from (select stone_id from order_items where live group by stone_id having count(*) > 1) d`,
  );
  const inOneOrder = await client.query<{ n: string }>(
    `select count(*) as n from stones s
     where s.id = any($1::uuid[]) and s.status = 4
       and (select count(*) from order_items i where i.stone_id = s.id and i.live) = 1`,
    [stoneIds],
  );
  return {
    soldDuringRun: Number(sold.rows[0]!.n) - soldBefore,
    inOneOrder: Number(inOneOrder.rows[0]!.n),
    duplicates: Number(duplicates.rows[0]!.n),
  };
}

export async function benchOrders() {
  const url = await freshDatabase();
  const t0 = performance.now();
  const child = startServer({
    PORT: String(PORT),
    DATABASE_URL: url,
    SEED_STONES: String(STONES),
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
  });
  const client = new pg.Client({ connectionString: url });
  try {
    const ready = await waitForHealth(PORT, t0, 10 * 60_000);
    process.stdout.write(`  server ready after ${(ready / 1000).toFixed(1)} s\n`);
    await client.connect();
    const buyers = await seedBuyers(client);
    const { rows } = await client.query<{ id: string; amount: number }>(
      'select id, amount from stones where status = 1 and reserved_for is null',
    );
    const pool = new StonePool(rows);
    process.stdout.write(`  ${pool.size} available stones, ${BUYERS} buyers\n`);

    const warmUntil = performance.now() + WARM_UP_MS;
    await Promise.all(buyers.map((b) => buyerLoop(b.token, pool, warmUntil, null)));

    const soldBefore = Number(
      (await client.query<{ n: string }>('select count(*) as n from stones where status = 4')).rows[0]!.n,
    );
    const tally: Tally = {
      confirmMs: [],
      checkMs: [],
      confirmed: 0,
      stonesSold: [],
      conflicts: 0,
      checkRefused: 0,
      errors: [],
    };
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(buyers.map((b) => buyerLoop(b.token, pool, until, tally)));
    const elapsed = (performance.now() - started) / 1000;
    const load = os.loadavg()[0]!;
    const check = await integrity(client, soldBefore, tally.stonesSold);
    if (tally.errors.length > 0) {
      throw new Error(
        `${tally.errors.length} unexpected answers, e.g. ${tally.errors.slice(0, 3).join('; ')}`,
      );
    }
    const consistent =
      check.duplicates === 0 &&
      check.soldDuringRun === tally.stonesSold.length &&
      check.inOneOrder === tally.stonesSold.length;
    const ms = (values: number[], p: number) => `${Math.round(percentile(values, p))} ms`;
    writeResults(
      'orders',
      `${BUYERS} buyers on PostgreSQL 15 (${STONES.toLocaleString('en-US')} stones), each looping confirm-time-check + confirm of 1–3 random available stones for ${SECONDS} s after a ${WARM_UP_MS / 1000} s warm-up; load average ${load.toFixed(1)} at the end.

| Figure | Goal | Result |
|---|---|---|
| Confirm latency p50 / p95 / p99 | p95 under 100 ms | ${ms(tally.confirmMs, 50)} / ${ms(tally.confirmMs, 95)} / ${ms(tally.confirmMs, 99)} |
| Confirm-time-check latency p50 / p95 | — | ${ms(tally.checkMs, 50)} / ${ms(tally.checkMs, 95)} |
| Confirmations | — | ${tally.confirmed} in ${elapsed.toFixed(1)} s = ${(tally.confirmed / elapsed).toFixed(1)} confirmations/s (${tally.stonesSold.length} stones) |
| Conflicts (409 at confirm; refused at the check) | — | ${tally.conflicts} (${tally.checkRefused}) |
| Every stone sold in the run is in exactly one live order | yes | ${consistent ? 'yes' : 'NO'}: ${check.soldDuringRun} sold, ${check.inOneOrder} in exactly one order, ${check.duplicates} stones in two live orders |`,
    );
    if (!consistent) throw new Error('orders bench: sold stones and orders disagree');
  } finally {
    await client.end().catch(() => {});
    await stopServer(child);
  }
}
