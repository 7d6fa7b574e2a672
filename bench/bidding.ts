import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BIDDING_NAMESPACE } from '@loupe/contract/realtime';
import type { FromClients, PlacedBid, ToClients } from './bidding-clients.ts';
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
 * New-arrival bidding (issue 12): 500 bidders stay connected to `/bidding` while 50 bids a second
 * are placed for a minute (`BENCH_BIDDING_SECONDS` shortens it for a trial), each by a different
 * bidder in turn. Three figures: the acknowledgement (the `place_bid` emit to that bidder's
 * `bid_placed`, the bid committed in between); the pushed update (the emit to the moment each of
 * the 500 bidders has read news of the bid: its `bid_stones_changed`, or a `bid_stones` that shows
 * it, whichever came first; decision 045); and the full view (the emit to each bidder's first
 * `bid_stones` that shows the bid, which the pins want within 1 s). Every bid is a new highest bid
 * on its stone, so a news or a view shows a bid exactly when its stone's `current_max_bid` has
 * reached it.
 * Once on one instance, once on two behind Redis with the bidders split between them. The bidders
 * live in several client processes (`bench/bidding-clients.ts`) so that parsing their views uses
 * every core, as 500 browsers would.
 */
const BIDDERS = 500;
const RATE_PER_SECOND = 50;
const DURATION_MS = Number(process.env.BENCH_BIDDING_SECONDS ?? 60) * 1000;
/** The two instances' ports; `BENCH_BIDDING_PORTS` (two, comma-separated) keeps parallel runs apart. */
const PORTS = (process.env.BENCH_BIDDING_PORTS ?? '3321,3322').split(',').map(Number);
const STEP = 0.25;

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

export interface BiddingFigures {
  ack: LatencyFigures;
  /** To the first news of the bid: its `bid_stones_changed` or a view showing it. */
  push: LatencyFigures;
  /** To the first `bid_stones` showing the bid. */
  view: LatencyFigures;
  placed: number;
  refused: number;
  /** Bidder × bid updates expected: every acknowledged bid to every watching bidder. */
  expectedPushes: number;
  /** Bidders that asked for their view: all of them, or two with `BENCH_BIDDING_VIEWS=off`. */
  watchers: number;
  load: number;
  /** The size of one bidder's `bid_stones` as JSON: what every update sends to every bidder. */
  viewBytes: number;
}

function figures(values: number[]): LatencyFigures {
  if (values.length === 0)
    return { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN, count: 0 };
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.reduce((a, b) => Math.max(a, b), 0),
    count: values.length,
  };
}

async function startInstances(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  for (const port of PORTS.slice(0, count)) {
    const t0 = performance.now();
    children.push(startServer({ ...env, PORT: String(port) }));
    await waitForHealth(port, t0, 180_000);
  }
  return children;
}

/** Bidders per client process: their views are parsed on as many cores as the machine has. */
const CLIENT_PROCESSES = Number(process.env.BENCH_BIDDING_CLIENTS ?? Math.max(2, os.cpus().length));

/** `BENCH_CLIENT_NODE_ARGS` passes flags to the client processes' Node (e.g. `--cpu-prof`). */
const clientNodeArgs = (process.env.BENCH_CLIENT_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Clients {
  child: ChildProcess;
  /** The global index of each bidder of this process, by its index here. */
  bidders: number[];
}

function startClients(count: number): Clients[] {
  const script = path.join(import.meta.dirname, 'bidding-clients.ts');
  return Array.from({ length: count }, () => ({
    child: fork(script, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...clientNodeArgs],
    }),
    bidders: [],
  }));
}

/** The next message of a kind from a client process (its failure rejects). */
function nextMessage<K extends FromClients['type']>(
  child: ChildProcess,
  type: K,
): Promise<Extract<FromClients, { type: K }>> {
  return new Promise((resolve, reject) => {
    const listener = (message: FromClients) => {
      if (message.type === 'failed') {
        child.off('message', listener);
        reject(new Error(message.message));
      } else if (message.type === type) {
        child.off('message', listener);
        resolve(message as Extract<FromClients, { type: K }>);
      }
    };
    child.on('message', listener);
  });
}

const tell = (child: ChildProcess, message: ToClients) => child.send(message);

async function measure(
  instances: number,
  env: Record<string, string>,
  buyers: BenchBuyer[],
): Promise<BiddingFigures> {
  const children = await startInstances(instances, env);
  const clients = startClients(CLIENT_PROCESSES);
  const acks: number[] = [];
  const placedBids: PlacedBid[] = [];
  let refused = 0;
  try {
    // Bidder i talks to instance i % instances and lives in process i % CLIENT_PROCESSES.
    for (let i = 0; i < buyers.length; i++) clients[i % clients.length]!.bidders.push(i);
    const readies = clients.map((c) => nextMessage(c.child, 'ready'));
    for (const c of clients) {
      tell(c.child, {
        type: 'connect',
        urls: c.bidders.map((i) => `http://127.0.0.1:${PORTS[i % instances]}${BIDDING_NAMESPACE}`),
        tokens: c.bidders.map((i) => buyers[i]!.tokens[0]!),
      });
    }
    const ready = await Promise.all(readies);
    const viewBytes = ready[0]!.bytes;
    const watchers = ready.reduce((n, r) => n + r.watchers, 0);

    // Each stone's next bid: one step above its highest bid so far (or its asking discount).
    const next = new Map<string, number>();
    for (const row of ready[0]!.rows) {
      const floor = Math.max(row.discount ?? -50, row.current_max_bid ?? -99.75);
      next.set(row.id, Math.floor(floor / STEP) * STEP + STEP);
    }
    const stones = [...next.keys()];
    if (stones.length === 0) throw new Error('no new arrivals open for bidding');

    const bids: { stone: string; value: number }[] = [];
    const answered = new Map<number, () => void>();
    for (const c of clients) {
      c.child.on('message', (message: FromClients) => {
        if (message.type !== 'ack') return;
        if (message.ok) {
          acks.push(message.ackAt - message.emitAt);
          placedBids.push({ ...bids[message.id]!, emitAt: message.emitAt });
        } else refused += 1;
        answered.get(message.id)?.();
      });
    }
    const started = performance.now();
    const pending: Promise<void>[] = [];
    let sent = 0;
    while (performance.now() - started < DURATION_MS) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE_PER_SECOND);
      while (sent < due) {
        const bidder = sent % buyers.length;
        const stone = stones[sent % stones.length]!;
        const value = next.get(stone)!;
        if (value > 99.75) throw new Error('a stone ran out of bid values: lower the rate or the duration');
        next.set(stone, value + STEP);
        const id = sent;
        sent += 1;
        bids.push({ stone, value });
        pending.push(new Promise((resolve) => answered.set(id, resolve)));
        const c = clients[bidder % clients.length]!;
        tell(c.child, { type: 'bid', id, bidder: Math.floor(bidder / clients.length), stone, value });
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(pending);
    // Stragglers: every bidder's last update, 10 s at most.
    const results = await Promise.all(
      clients.map((c) => {
        const answer = nextMessage(c.child, 'pushes');
        tell(c.child, { type: 'finish', bids: placedBids, waitMs: 10_000 });
        return answer;
      }),
    );
    const pushes = results.flatMap((r) => [...r.latencies]);
    const views = results.flatMap((r) => [...r.views]);
    return {
      ack: figures(acks),
      push: figures(pushes),
      view: figures(views),
      placed: placedBids.length,
      refused,
      expectedPushes: placedBids.length * watchers,
      watchers,
      load: os.loadavg()[0]!,
      viewBytes,
    };
  } finally {
    for (const c of clients) {
      if (c.child.exitCode !== null) continue;
      const exited = new Promise((r) => c.child.once('exit', r));
      tell(c.child, { type: 'close' });
      await exited;
    }
    for (const child of children) await stopServer(child);
  }
}

/** The round must not close during the run: it closes a day after now. */
function closeTimeBehindNow(): string {
  const earlier = new Date(Date.now() - 10 * 60_000);
  return `${String(earlier.getUTCHours()).padStart(2, '0')}:${String(earlier.getUTCMinutes()).padStart(2, '0')}`;
}

async function measureBoth() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = await createDatabase(adminUrl);
  // The demo seed brings its new arrivals (36 stones certified within the day).
  const env = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    SEED_STONES: '600',
    BID_ROUND_CLOSE: closeTimeBehindNow(),
  };
  try {
    await stopServer((await startInstances(1, env))[0]!);
    const buyers = await seedApprovedBuyers(database.url, BIDDERS, 1);
    // `BENCH_BIDDING_RUNS=single` or `=redis` runs one of the two (a trial while tuning).
    const runs = process.env.BENCH_BIDDING_RUNS ?? 'single,redis';
    const single = runs.includes('single') ? await measure(1, env, buyers) : null;
    const redis = runs.includes('redis') ? await measure(2, { ...env, REDIS_URL: redisUrl }, buyers) : null;
    return { single, redis };
  } finally {
    await database.drop();
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;
const cell = (f: LatencyFigures) => `${ms(f.p50)} / ${ms(f.p95)} (p99 ${ms(f.p99)}, max ${ms(f.max)})`;

/** The bidding suite: acknowledgements and pushed updates on one instance and on two behind Redis. */
export async function benchBidding() {
  const { single, redis } = await measureBoth();
  const seconds = DURATION_MS / 1000;
  const line = (label: string, f: BiddingFigures | null) =>
    !f
      ? `| ${label} | not run | not run | not run | |`
      : `| ${label} | ${cell(f.ack)} | ${cell(f.push)} | ${cell(f.view)} | ${f.placed} placed, ${f.refused} refused; ${f.view.count} of ${f.expectedPushes} views${f.watchers < BIDDERS ? ` (${f.watchers} bidders watching: BENCH_BIDDING_VIEWS=off)` : ''}; load average ${f.load.toFixed(1)} |`;
  writeResults(
    'bidding',
    `${BIDDERS} bidders connected, ${RATE_PER_SECOND} bids a second for ${seconds} s on the demo's new arrivals (one bidder's \`bid_stones\`: ${Math.round((single ?? redis)!.viewBytes / 1024)} KiB of JSON).

| Run | Ack p50 / p95 (goal p95 ≤ 50 ms) | Update to all bidders: first news p50 / p95 (goal p95 ≤ 200 ms) | Full \`bid_stones\` p50 / p95 (pins: within 1 s) | Bids, views, load |
|---|---|---|---|---|
${line('One instance', single)}
${line('Two instances with Redis', redis)}`,
  );
}
