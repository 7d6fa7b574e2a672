import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { BidStones } from '@loupe/contract/bidding';
import { BIDDING_NAMESPACE, REALTIME_PATH } from '@loupe/contract/realtime';
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
 * New-arrival bidding (issue 12): 500 bidders stay connected to `/bidding` while 50 bids a second
 * are placed for a minute (`BENCH_BIDDING_SECONDS` shortens it for a trial), each by a different
 * bidder in turn. Two figures: the acknowledgement (the `place_bid` emit to that bidder's
 * `bid_placed`, the bid committed in between), and the pushed update (the emit to the moment each
 * of the 500 bidders receives a `bid_stones` that shows the bid). Every bid is a new highest bid
 * on its stone, so a view shows a bid exactly when its stone's `current_max_bid` has reached it.
 * Once on one instance, once on two behind Redis with the bidders split between them.
 */
const BIDDERS = 500;
const RATE_PER_SECOND = 50;
const DURATION_MS = Number(process.env.BENCH_BIDDING_SECONDS ?? 60) * 1000;
const PORTS = [3321, 3322];
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
  push: LatencyFigures;
  placed: number;
  refused: number;
  /** Bidder × bid updates expected: every acknowledged bid to every bidder. */
  expectedPushes: number;
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

/** One bid in flight or placed: its stone, value and when it was emitted. */
interface Bid {
  stone: string;
  value: number;
  sentAt: number;
}

interface Bidder {
  socket: Socket;
  /** Per stone, how many of that stone's bids this bidder has seen in a view. */
  seen: Map<string, number>;
  /** The acknowledgement this bidder waits for. */
  waiting?: { sentAt: number; resolve: (ok: boolean) => void };
}

async function measure(
  instances: number,
  env: Record<string, string>,
  buyers: BenchBuyer[],
): Promise<BiddingFigures> {
  const children = await startInstances(instances, env);
  const bidders: Bidder[] = [];
  const acks: number[] = [];
  const pushes: number[] = [];
  /** Each stone's bids in the order of their values (they rise with every bid). */
  const bidsOn = new Map<string, Bid[]>();
  let refused = 0;

  const onView = (bidder: Bidder, view: BidStones) => {
    const now = performance.now();
    for (const row of [...view.bidStone, ...view.activeStone]) {
      const list = bidsOn.get(row.id);
      if (!list || row.current_max_bid === null) continue;
      let at = bidder.seen.get(row.id) ?? 0;
      while (at < list.length && list[at]!.value <= row.current_max_bid) {
        pushes.push(now - list[at]!.sentAt);
        at += 1;
      }
      bidder.seen.set(row.id, at);
    }
  };

  try {
    // Connect in waves; each bidder asks for its view as the web app does.
    const firstViews: Promise<BidStones>[] = [];
    for (let i = 0; i < buyers.length; i++) {
      const port = PORTS[i % instances]!;
      const socket = io(`http://127.0.0.1:${port}${BIDDING_NAMESPACE}`, {
        path: REALTIME_PATH,
        auth: { token: buyers[i]!.tokens[0] },
        transports: ['websocket'],
        forceNew: true,
      });
      const bidder: Bidder = { socket, seen: new Map() };
      bidders.push(bidder);
      firstViews.push(
        new Promise((resolve, reject) => {
          socket.once('bid_stones', resolve);
          socket.once('connect_error', reject);
        }),
      );
      socket.on('connect', () => socket.emit('get_bid_stones'));
      socket.on('bid_stones', (view: BidStones) => onView(bidder, view));
      socket.on('bid_placed', () => {
        const waiting = bidder.waiting;
        bidder.waiting = undefined;
        if (waiting) {
          acks.push(performance.now() - waiting.sentAt);
          waiting.resolve(true);
        }
      });
      socket.on('error', () => {
        const waiting = bidder.waiting;
        bidder.waiting = undefined;
        refused += 1;
        waiting?.resolve(false);
      });
      if (firstViews.length % 50 === 0) await Promise.all(firstViews.slice(-50));
    }
    const views = await Promise.all(firstViews);
    const viewBytes = JSON.stringify(views[0]).length;

    // Each stone's next bid: one step above its highest bid so far (or its asking discount).
    const next = new Map<string, number>();
    for (const row of [...views[0]!.bidStone, ...views[0]!.activeStone]) {
      const floor = Math.max(row.discount ?? -50, row.current_max_bid ?? -99.75);
      next.set(row.id, Math.floor(floor / STEP) * STEP + STEP);
    }
    const stones = [...next.keys()];
    if (stones.length === 0) throw new Error('no new arrivals open for bidding');

    const started = performance.now();
    const pending: Promise<boolean>[] = [];
    let sent = 0;
    while (performance.now() - started < DURATION_MS) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE_PER_SECOND);
      while (sent < due) {
        const bidder = bidders[sent % bidders.length]!;
        const stone = stones[sent % stones.length]!;
        const value = next.get(stone)!;
        if (value > 99.75) throw new Error('a stone ran out of bid values: lower the rate or the duration');
        next.set(stone, value + STEP);
        sent += 1;
        const bid: Bid = { stone, value, sentAt: performance.now() };
        const list = bidsOn.get(stone) ?? [];
        list.push(bid);
        bidsOn.set(stone, list);
        pending.push(
          new Promise<boolean>((resolve) => {
            bidder.waiting = { sentAt: bid.sentAt, resolve };
            bidder.socket.emit('place_bid', { product_id: stone, bid_value: value });
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const placed = (await Promise.all(pending)).filter(Boolean).length;
    const expectedPushes = placed * bidders.length;
    // Stragglers: every bidder's last update, 10 s at most.
    const waitUntil = performance.now() + 10_000;
    while (pushes.length < expectedPushes && performance.now() < waitUntil)
      await new Promise((r) => setTimeout(r, 50));
    return {
      ack: figures(acks),
      push: figures(pushes),
      placed,
      refused,
      expectedPushes,
      load: os.loadavg()[0]!,
      viewBytes,
    };
  } finally {
    for (const bidder of bidders) bidder.socket.disconnect();
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
    const single = await measure(1, env, buyers);
    const redis = await measure(2, { ...env, REDIS_URL: redisUrl }, buyers);
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
  const line = (label: string, f: BiddingFigures) =>
    `| ${label} | ${cell(f.ack)} | ${cell(f.push)} | ${f.placed} placed, ${f.refused} refused; ${f.push.count} of ${f.expectedPushes} updates; load average ${f.load.toFixed(1)} |`;
  writeResults(
    'bidding',
    `${BIDDERS} bidders connected, ${RATE_PER_SECOND} bids a second for ${seconds} s on the demo's new arrivals (one bidder's \`bid_stones\`: ${Math.round(single.viewBytes / 1024)} KiB of JSON).

| Run | Ack p50 / p95 (goal p95 ≤ 50 ms) | Update to all bidders p50 / p95 (goal p95 ≤ 200 ms) | Bids, updates, load |
|---|---|---|---|
${line('One instance', single)}
${line('Two instances with Redis', redis)}`,
  );
}
