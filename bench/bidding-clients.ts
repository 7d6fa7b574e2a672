import type { BidStones } from '@loupe/contract/bidding';
import { REALTIME_PATH } from '@loupe/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * A share of the bidding bench's bidders in a process of its own (`bench/bidding.ts` forks
 * several): 500 Socket.IO clients parsing every bidder's view in one process would measure that
 * process's queue, not the server. Times are wall-clock milliseconds (`performance.timeOrigin` +
 * `performance.now()`), comparable across the processes.
 */
export type ToClients =
  /** One bidder per token, connecting to the `/bidding` URL of the same position. */
  | { type: 'connect'; urls: string[]; tokens: string[] }
  | { type: 'bid'; id: number; bidder: number; stone: string; value: number }
  | { type: 'finish'; bids: PlacedBid[]; waitMs: number }
  | { type: 'close' };

export type FromClients =
  | {
      type: 'ready';
      rows: { id: string; discount: number | null; current_max_bid: number | null }[];
      bytes: number;
    }
  | { type: 'ack'; id: number; ok: boolean; emitAt: number; ackAt: number }
  | { type: 'pushes'; latencies: Float64Array; missing: number }
  | { type: 'failed'; message: string };

export interface PlacedBid {
  stone: string;
  value: number;
  emitAt: number;
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send?.(message);

interface Bidder {
  socket: Socket;
  /** Per stone, each rise of its highest bid in this bidder's views: [value, time received]. */
  rises: Map<string, [number, number][]>;
  /** Its bids awaiting an answer, oldest first (a socket answers in order). */
  waiting: { id: number; emitAt: number }[];
}

const bidders: Bidder[] = [];

function onView(bidder: Bidder, view: BidStones) {
  const at = now();
  for (const row of view.bidStone) rise(bidder, row.id, row.current_max_bid, at);
  for (const row of view.activeStone) rise(bidder, row.id, row.current_max_bid, at);
}

function rise(bidder: Bidder, stone: string, max: number | null, at: number) {
  if (max === null) return;
  const list = bidder.rises.get(stone);
  if (!list) bidder.rises.set(stone, [[max, at]]);
  else if (list[list.length - 1]![0] < max) list.push([max, at]);
}

async function connect(urls: string[], tokens: string[]) {
  const firstViews: Promise<BidStones>[] = [];
  for (const [i, token] of tokens.entries()) {
    const socket = io(urls[i]!, {
      path: REALTIME_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
    });
    const bidder: Bidder = { socket, rises: new Map(), waiting: [] };
    bidders.push(bidder);
    firstViews.push(
      new Promise((resolve, reject) => {
        socket.once('bid_stones', resolve);
        socket.once('connect_error', reject);
      }),
    );
    socket.on('connect', () => socket.emit('get_bid_stones'));
    socket.on('bid_stones', (view: BidStones) => onView(bidder, view));
    const answered = (ok: boolean) => {
      const waiting = bidder.waiting.shift();
      if (waiting) send({ type: 'ack', id: waiting.id, ok, emitAt: waiting.emitAt, ackAt: now() });
    };
    socket.on('bid_placed', () => answered(true));
    socket.on('error', () => answered(false));
    if (firstViews.length % 50 === 0) await Promise.all(firstViews.slice(-50));
  }
  const views = await Promise.all(firstViews);
  const first = views[0]!;
  send({
    type: 'ready',
    rows: [...first.bidStone, ...first.activeStone].map((r) => ({
      id: r.id,
      discount: r.discount,
      current_max_bid: r.current_max_bid,
    })),
    bytes: JSON.stringify(first).length,
  });
}

/** Whether every bidder here has seen each stone's highest placed bid. */
function allSeen(highest: Map<string, number>) {
  for (const bidder of bidders) {
    for (const [stone, value] of highest) {
      const list = bidder.rises.get(stone);
      if (!list || list[list.length - 1]![0] < value) return false;
    }
  }
  return true;
}

/** Per bidder and placed bid: from its emit to the first view of that bidder that shows it. */
async function finish(bids: PlacedBid[], waitMs: number) {
  const highest = new Map<string, number>();
  for (const bid of bids) highest.set(bid.stone, Math.max(highest.get(bid.stone) ?? -Infinity, bid.value));
  const until = now() + waitMs;
  while (!allSeen(highest) && now() < until) await new Promise((r) => setTimeout(r, 50));
  const latencies: number[] = [];
  let missing = 0;
  for (const bidder of bidders) {
    for (const bid of bids) {
      const seen = bidder.rises.get(bid.stone)?.find(([max]) => max >= bid.value);
      if (seen) latencies.push(seen[1] - bid.emitAt);
      else missing += 1;
    }
  }
  send({ type: 'pushes', latencies: Float64Array.from(latencies), missing });
}

process.on('message', (message: ToClients) => {
  if (message.type === 'connect') {
    connect(message.urls, message.tokens).catch((err: Error) =>
      send({ type: 'failed', message: err.message }),
    );
  } else if (message.type === 'bid') {
    const bidder = bidders[message.bidder]!;
    const emitAt = now();
    bidder.waiting.push({ id: message.id, emitAt });
    bidder.socket.emit('place_bid', { product_id: message.stone, bid_value: message.value });
  } else if (message.type === 'finish') {
    void finish(message.bids, message.waitMs);
  } else {
    for (const bidder of bidders) bidder.socket.disconnect();
    process.exit(0);
  }
});
