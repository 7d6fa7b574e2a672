import type { BidStones } from '@loupe/contract/bidding';
import { REALTIME_PATH } from '@loupe/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder, type Packet } from 'socket.io-parser';

/**
 * A share of the bidding bench's bidders in a process of its own (`bench/bidding.ts` forks
 * several): 500 Socket.IO clients parsing every bidder's view in one process would measure that
 * process's queue, not the server. Times are wall-clock milliseconds (`performance.timeOrigin` +
 * `performance.now()`), comparable across the processes. Each message is timed twice: when its
 * bytes were read (`arrived`) and when it was parsed and handed to its bidder (`parsed`).
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
  | { type: 'ack'; id: number; ok: boolean; emitAt: number; ackAt: number; parsedAt: number }
  /** Per bidder and placed bid, from the emit to the view's arrival, and to its parsing. */
  | { type: 'pushes'; latencies: Float64Array; parsed: Float64Array; missing: number }
  | { type: 'failed'; message: string };

export interface PlacedBid {
  stone: string;
  value: number;
  emitAt: number;
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send?.(message);

/** When each decoded payload's message was read from its socket. */
const arrivals = new WeakMap<object, number>();
/** Messages read and not yet parsed, of every bidder of this process, in the order read. */
const unparsed: (() => void)[] = [];

/**
 * Socket.IO's decoder, except that it notes when a message was read and parses it a moment later
 * (in full, as before): every message read in one turn of the event loop is timed before any of
 * them is parsed. Here 250 bidders share one process and parse one after another; a browser
 * parses its one view on its own machine, so a view's arrival would otherwise include up to 249
 * other bidders' parsing.
 */
class TimedDecoder extends Decoder {
  #arrivedAt = 0;

  constructor() {
    super();
    this.on('decoded', (packet: Packet) => {
      const payload: unknown = Array.isArray(packet.data) ? packet.data[1] : undefined;
      if (typeof payload === 'object' && payload !== null) arrivals.set(payload, this.#arrivedAt);
    });
  }

  override add(message: unknown) {
    const arrivedAt = now();
    if (unparsed.length === 0) setImmediate(parseRead);
    unparsed.push(() => {
      this.#arrivedAt = arrivedAt;
      super.add(message);
    });
  }
}

function parseRead() {
  for (const parse of unparsed.splice(0)) parse();
}

interface Bidder {
  socket: Socket;
  /** Per stone, each rise of its highest bid in this bidder's views: [value, arrived, parsed]. */
  rises: Map<string, [number, number, number][]>;
  /** Its bids awaiting an answer, oldest first (a socket answers in order). */
  waiting: { id: number; emitAt: number }[];
}

const bidders: Bidder[] = [];

function onView(bidder: Bidder, view: BidStones) {
  const parsed = now();
  const arrived = arrivals.get(view) ?? parsed;
  for (const row of [...view.bidStone, ...view.activeStone]) {
    if (row.current_max_bid === null) continue;
    const list = bidder.rises.get(row.id);
    const rise: [number, number, number] = [row.current_max_bid, arrived, parsed];
    if (!list) bidder.rises.set(row.id, [rise]);
    else if (list[list.length - 1]![0] < row.current_max_bid) list.push(rise);
  }
}

async function connect(urls: string[], tokens: string[]) {
  const firstViews: Promise<BidStones>[] = [];
  for (const [i, token] of tokens.entries()) {
    const socket = io(urls[i]!, {
      path: REALTIME_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      parser: { Encoder, Decoder: TimedDecoder },
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
    const answered = (ok: boolean, answer: object) => {
      const waiting = bidder.waiting.shift();
      const parsedAt = now();
      const ackAt = arrivals.get(answer) ?? parsedAt;
      if (waiting) send({ type: 'ack', id: waiting.id, ok, emitAt: waiting.emitAt, ackAt, parsedAt });
    };
    socket.on('bid_placed', (placed: object) => answered(true, placed));
    socket.on('error', (error: object) => answered(false, error));
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
  const parsed: number[] = [];
  let missing = 0;
  for (const bidder of bidders) {
    for (const bid of bids) {
      const seen = bidder.rises.get(bid.stone)?.find(([max]) => max >= bid.value);
      if (!seen) {
        missing += 1;
        continue;
      }
      latencies.push(seen[1] - bid.emitAt);
      parsed.push(seen[2] - bid.emitAt);
    }
  }
  send({
    type: 'pushes',
    latencies: Float64Array.from(latencies),
    parsed: Float64Array.from(parsed),
    missing,
  });
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
