import type { BidStones, BidStonesChanged } from '@loupe/contract/bidding';
import { REALTIME_PATH } from '@loupe/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';

/**
 * A share of the bidding bench's bidders in a process of its own (`bench/bidding.ts` forks
 * several): 500 Socket.IO clients parsing every bidder's view in one process would measure that
 * process's queue, not the server. Times are wall-clock milliseconds (`performance.timeOrigin` +
 * `performance.now()`), comparable across the processes, and a message is timed when its bytes
 * were read (see `TimedDecoder`).
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
      /** How many of its bidders asked for their view (every one unless `BENCH_BIDDING_VIEWS=off`). */
      watchers: number;
    }
  | { type: 'ack'; id: number; ok: boolean; emitAt: number; ackAt: number }
  /** Per bidder and bid: `latencies` to the first news of it (`bid_stones_changed` or a view), `views` to the first view. */
  | { type: 'pushes'; latencies: Float64Array; views: Float64Array; missing: number }
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
/** Messages read and not yet decoded, of every bidder of this process, in the order read. */
const unread: (() => void)[] = [];
/** `BENCH_BIDDING_PARSE=full`: every view parsed in full, as before (see `TimedDecoder`). */
const PARSE_IN_FULL = process.env.BENCH_BIDDING_PARSE === 'full';
/** Of the views read by their stones and max bids only, one in this many is also parsed in full. */
const CHECK_EVERY = 20;
const VIEW_PACKET = '2/bidding,["bid_stones",';
/**
 * `BENCH_BIDDING_VIEWS=off`: only the first bidder of this process asks for its view (the bench
 * needs the stones), so the server has two watchers in all, not 500: it pushes the others no whole
 * views and no news (a socket joins the watchers with its first view). They connect and bid only;
 * the ack is then measured without the views' CPU, the update and full view on the two watchers.
 */
const VIEWS_OFF = process.env.BENCH_BIDDING_VIEWS === 'off';

/**
 * Socket.IO's decoder, except in two ways, both because 250 bidders share this process and its
 * cores with the server, where 500 browsers would each read one view on their own machine:
 * - a message is timed when it was read and decoded a moment later, so that every message read
 *   in one turn of the event loop is timed before any of them is decoded (a view's arrival would
 *   otherwise include the decoding of up to 249 other bidders' views);
 * - a `bid_stones` view after the bidder's first is read by what the bench needs, each stone's
 *   `id` and `current_max_bid`, found in the text; one in `CHECK_EVERY` is also parsed in full
 *   and must agree (else the run fails). JSON.parse of every 66 KiB view was most of the clients' CPU, more than the
 *   server's work for the same view, on the same two cores.
 */
class TimedDecoder extends Decoder {
  #arrivedAt = 0;
  #views = 0;

  constructor() {
    super();
    this.on('decoded', (packet: Packet) => {
      const payload: unknown = Array.isArray(packet.data) ? packet.data[1] : undefined;
      if (typeof payload === 'object' && payload !== null) arrivals.set(payload, this.#arrivedAt);
    });
  }

  override add(message: unknown) {
    const arrivedAt = now();
    if (unread.length === 0) setImmediate(decodeRead);
    unread.push(() => {
      this.#arrivedAt = arrivedAt;
      const views = typeof message === 'string' && message.startsWith(VIEW_PACKET) ? this.#views++ : -1;
      // Not a view, or the bidder's first (the bench reads its rows' discounts): in full.
      if (PARSE_IN_FULL || views <= 0) {
        super.add(message);
        return;
      }
      const view = readView(message as string);
      if (views % CHECK_EVERY === 0) checkView(view, message as string);
      this.emitReserved('decoded', {
        type: PacketType.EVENT,
        nsp: '/bidding',
        data: ['bid_stones', view],
      });
    });
  }
}

function decodeRead() {
  for (const decode of unread.splice(0)) decode();
}

type ViewRow = { id: string; current_max_bid: number | null };

/**
 * Each stone of a `bid_stones` message, by the text: a stone row is the only object that starts
 * with `{"id":"` (a string cannot hold an unescaped quote), and its `current_max_bid` follows.
 */
function readView(message: string): { bidStone: ViewRow[]; activeStone: ViewRow[] } {
  const view = { bidStone: [] as ViewRow[], activeStone: [] as ViewRow[] };
  const active = message.indexOf('"activeStone":[');
  for (let at = message.indexOf('{"id":"'); at !== -1; at = message.indexOf('{"id":"', at + 1)) {
    const id = message.slice(at + 7, message.indexOf('"', at + 7));
    const max = message.indexOf('"current_max_bid":', at) + 18;
    const value = message.slice(max, message.indexOf(',', max));
    const row = { id, current_max_bid: value === 'null' ? null : Number(value) };
    (at > active ? view.activeStone : view.bidStone).push(row);
  }
  return view;
}

function checkView(view: ReturnType<typeof readView>, message: string) {
  const full = (JSON.parse(message.slice(message.indexOf('['))) as [string, BidStones])[1];
  const pick = (rows: ViewRow[]) => rows.map((r) => `${r.id} ${r.current_max_bid}`).join('|');
  if (pick(full.bidStone) !== pick(view.bidStone) || pick(full.activeStone) !== pick(view.activeStone)) {
    send({ type: 'failed', message: 'a view read from its text disagrees with the view parsed in full' });
  }
}

/** Per stone, each rise of its highest bid a bidder read: [value, time read]. */
type Rises = Map<string, [number, number][]>;

interface Bidder {
  socket: Socket;
  /** In this bidder's `bid_stones` views. */
  rises: Rises;
  /** In its `bid_stones_changed` news. */
  newsRises: Rises;
  /** Its bids awaiting an answer, oldest first (a socket answers in order). */
  waiting: { id: number; emitAt: number }[];
  /** It asked for its view, so it is sent every view and news (all of them unless `VIEWS_OFF`). */
  watching: boolean;
}

const bidders: Bidder[] = [];

function rise(rises: Rises, row: ViewRow, at: number) {
  if (row.current_max_bid === null) return;
  const list = rises.get(row.id);
  if (!list) rises.set(row.id, [[row.current_max_bid, at]]);
  else if (list[list.length - 1]![0] < row.current_max_bid) list.push([row.current_max_bid, at]);
}

function onView(bidder: Bidder, view: { bidStone: ViewRow[]; activeStone: ViewRow[] }) {
  const at = arrivals.get(view) ?? now();
  for (const row of [...view.bidStone, ...view.activeStone]) rise(bidder.rises, row, at);
}

function onNews(bidder: Bidder, news: BidStonesChanged) {
  const at = arrivals.get(news) ?? now();
  for (const change of news.stones) {
    rise(bidder.newsRises, { id: change.product_id, current_max_bid: change.current_max_bid }, at);
  }
}

async function connect(urls: string[], tokens: string[]) {
  const firstViews: Promise<BidStones>[] = [];
  const connected: Promise<void>[] = [];
  for (const [i, token] of tokens.entries()) {
    const watching = !VIEWS_OFF || i === 0;
    const socket = io(urls[i]!, {
      path: REALTIME_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      parser: { Encoder, Decoder: TimedDecoder },
    });
    const bidder: Bidder = { socket, rises: new Map(), newsRises: new Map(), waiting: [], watching };
    bidders.push(bidder);
    if (watching) {
      firstViews.push(
        new Promise((resolve, reject) => {
          socket.once('bid_stones', resolve);
          socket.once('connect_error', reject);
        }),
      );
      socket.on('connect', () => socket.emit('get_bid_stones'));
    }
    connected.push(
      new Promise((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    );
    socket.on('bid_stones', (view: BidStones) => onView(bidder, view));
    socket.on('bid_stones_changed', (news: BidStonesChanged) => onNews(bidder, news));
    const answered = (ok: boolean, answer: object) => {
      const waiting = bidder.waiting.shift();
      const ackAt = arrivals.get(answer) ?? now();
      if (waiting) send({ type: 'ack', id: waiting.id, ok, emitAt: waiting.emitAt, ackAt });
    };
    socket.on('bid_placed', (placed: object) => answered(true, placed));
    socket.on('error', (error: object) => answered(false, error));
    if (connected.length % 50 === 0) await Promise.all([...firstViews.slice(-50), ...connected.slice(-50)]);
  }
  await Promise.all(connected);
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
    watchers: views.length,
  });
}

/** Whether every bidder here has seen each stone's highest placed bid in a view. */
function allSeen(highest: Map<string, number>) {
  for (const bidder of bidders.filter((b) => b.watching)) {
    for (const [stone, value] of highest) {
      const list = bidder.rises.get(stone);
      if (!list || list[list.length - 1]![0] < value) return false;
    }
  }
  return true;
}

/**
 * Per watching bidder and placed bid: from its emit to the first news of it the bidder read (its
 * `bid_stones_changed`, or a view that shows it, whichever came first), and to the first view that
 * shows it. Every view is waited for, up to `waitMs`: the view's figure is the pins' second.
 */
async function finish(bids: PlacedBid[], waitMs: number) {
  const highest = new Map<string, number>();
  for (const bid of bids) highest.set(bid.stone, Math.max(highest.get(bid.stone) ?? -Infinity, bid.value));
  const until = now() + waitMs;
  while (!allSeen(highest) && now() < until) await new Promise((r) => setTimeout(r, 50));
  const latencies: number[] = [];
  const views: number[] = [];
  let missing = 0;
  const firstRead = (rises: Rises, bid: PlacedBid) =>
    rises.get(bid.stone)?.find(([max]) => max >= bid.value)?.[1] ?? Number.POSITIVE_INFINITY;
  for (const bidder of bidders.filter((b) => b.watching)) {
    for (const bid of bids) {
      const view = firstRead(bidder.rises, bid);
      const first = Math.min(view, firstRead(bidder.newsRises, bid));
      if (first !== Number.POSITIVE_INFINITY) latencies.push(first - bid.emitAt);
      if (view !== Number.POSITIVE_INFINITY) views.push(view - bid.emitAt);
      else missing += 1;
    }
  }
  send({
    type: 'pushes',
    latencies: Float64Array.from(latencies),
    views: Float64Array.from(views),
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
