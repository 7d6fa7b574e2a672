import { type BidStoneChange, type BidStones, cancelBids, placeBid } from '@loupe/contract/bidding';
import type { BiddingClientEvents, BiddingServerEvents } from '@loupe/contract/realtime';
import type { Namespace, Socket } from 'socket.io';
import { listenToChannel } from '../../platform/db/listen.ts';
import { AppError } from '../../platform/errors.ts';
import type { Log } from '../../platform/log.ts';
import type { SocketData } from '../../platform/realtime/handshake.ts';
import { EncodedEvent, sendEncoded, stillSending } from '../../platform/realtime/pre-encoded.ts';
import { type BidToBuyDeps, bidToBuyView } from './bid-to-buy.ts';
import { encodeBoard, encodedViewOf } from './encoded-views.ts';
import {
  type BoardStones,
  cancelNewArrivalBids,
  type NewArrivalDeps,
  newArrivalView,
  placeNewArrivalBid,
  readBoard,
  readMyBids,
} from './new-arrivals.ts';
import { BIDS_CHANNEL, findOpenRound, stoneNews } from './rounds.ts';

export type BiddingNamespace = Namespace<BiddingClientEvents, BiddingServerEvents>;
type BiddingSocket = Socket<
  BiddingClientEvents,
  BiddingServerEvents,
  Record<string, never>,
  BiddingSocketData
>;
interface BiddingSocketData extends SocketData {
  /**
   * Set once the customer's `get_bid_stones` was answered (KYC-approved customers only): they get
   * every later view pushed, and the socket is in `WATCHING_ROOM`.
   */
  watching?: boolean;
  /** The group of watchers this socket takes its views with (decision 056). */
  group?: number;
  /** The board's generation its last view was read at: it is owed a view while older. */
  seen?: number;
  /** It was still writing when its group's turn came: it takes the next group's turn. */
  owed?: boolean;
}

/**
 * The sockets of this instance that watch the round: the stones' news (`bid_stones_changed`) is
 * one frame written to this room, the same bytes for every bidder. Only a socket whose
 * `get_bid_stones` was answered joins it, so a customer who is not KYC-approved never does.
 */
const WATCHING_ROOM = 'watching-new-arrivals';

export interface BiddingServiceDeps extends NewArrivalDeps, BidToBuyDeps {
  log: Log;
}

export interface BiddingService {
  start(): Promise<void>;
  /** Pushes a fresh `bid_stones` to every watching socket of this instance (NOTIFY calls it too). */
  kick(): void;
  stop(): Promise<void>;
}

/** Bursts of bids within this long become one turn of views, after a quiet spell. */
const REFRESH_DELAY_MS = 20;
/**
 * A bidder gets at most one view per this long (the latest board when their turn comes): every
 * view is the whole board, and 500 bidders each taking one per bid would be more than their
 * connections and the server can carry (decision 032). The pins ask for a fresh view within 1 s;
 * the news (`bid_stones_changed`) carries each bid at once, so the views can come calmly: 500 ms
 * rather than the 200 ms of before the news, which cuts the views' bytes by more than half
 * (decision 045).
 */
const MIN_CYCLE_MS = 500;
/**
 * The watchers take their views in this many groups a cycle, each socket always in its own group,
 * so a cycle's views go out a tenth at a time, 50 ms apart, instead of all 500 at once: a bid's
 * acknowledgement and news then wait behind at most a tenth of the views' bytes, on the server and
 * in whatever reads them (decision 056; ten groups were ahead of five in three pairs).
 */
const GROUPS = 10;
/**
 * A group's turn that took long (a busy machine) spaces the next by this many times its length…
 * Its length without the wait for the board's queries: that wait is the database's, it costs
 * neither this process nor the bidders, and ten turns' of it times three stretched the cycle
 * towards its cap on the quiet machine (decision 056, amended 2026-11-27).
 */
const BUSY_FACTOR = 3;
/** …up to this for a whole cycle: every bidder still sees a bid within the pins' 1 s. */
const MAX_CYCLE_MS = 800;
/**
 * A turn gives way to the event loop after every this many views written, so a bid's
 * acknowledgement and its database replies wait behind a few views, not behind all of them. On the
 * quiet machine, writing all views in one go (yielding after 50 ms) held acks to p95 464 ms and
 * 4 ms slices to 211 ms, against 115 ms this way, with the same update times (decision 043).
 */
const VIEWS_PER_TURN = 4;
/**
 * The stones' news goes out at most once per this long, the news heard meanwhile together (the
 * latest of each stone): the first bid after a quiet spell at once, a stream of bids in one frame
 * per bidder per 100 ms. One frame per bid measured far worse: 500 bidders × 50 bids a second is
 * 25,000 frames a second to write and read, which held acks and news alike for seconds (decision 045).
 */
const NEWS_EVERY_MS = 100;
/**
 * When the machine is busy (the news' timer fires late), the news waits longer, twice the timer's
 * lateness more, up to this: a frame to every bidder costs the same however little it says, and
 * on a starved machine they held the acks (decision 045).
 */
const NEWS_MAX_EVERY_MS = 500;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refusal(err: unknown, log: Log) {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  log.error({ err }, 'bidding event failed');
  return { code: 'INTERNAL', message: 'Something went wrong' };
}

/**
 * The `/bidding` namespace (pins "Bidding on new arrivals"): answers the client's events and, on
 * every committed bid, cancel or close of any instance (NOTIFY `loupe_bids`), pushes each watching
 * bidder connected here a fresh view of their own; a bid's or cancel's notification also carries
 * the stone's news, broadcast to them all at once as `bid_stones_changed` (decision 045). The views
 * go out a group of watchers at a time (decision 056); the board (open stones and their bidding) is
 * read once per group's turn, the group's own bids in one query.
 */
export function createBiddingService(nsp: BiddingNamespace, deps: BiddingServiceDeps): BiddingService {
  const { log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;

  const fail = (socket: BiddingSocket, err: unknown) => socket.emit('error', refusal(err, log));

  /** The open stones' rows between board reads (decision 063). */
  const known: BoardStones = new Map();

  /** Bumped by every bid, cancel or close heard: a watcher whose `seen` is older is owed a view. */
  let generation = 0;
  let joined = 0;

  async function sendView(socket: BiddingSocket) {
    const { session } = socket.data;
    const at = generation;
    const view = await newArrivalView(deps, session.customerId, known);
    if (!socket.data.watching) {
      socket.data.watching = true;
      socket.data.group = joined++ % GROUPS;
      socket.join(WATCHING_ROOM);
    }
    socket.data.seen = Math.max(socket.data.seen ?? at, at);
    socket.emit('bid_stones', view);
  }

  nsp.on('connection', (raw) => {
    const socket = raw as BiddingSocket;
    const customerId = socket.data.session.customerId;
    socket.on('get_bid_stones', () => {
      sendView(socket).catch((err) => fail(socket, err));
    });
    socket.on('get_bidtobuy_stones', () => {
      bidToBuyView(deps, customerId, { limit: 300 })
        .then((view) => socket.emit('bidtobuy_stones', view))
        .catch((err) => fail(socket, err));
    });
    socket.on('place_bid', (input: unknown) => {
      const bid = placeBid.safeParse(input);
      if (!bid.success) {
        socket.emit('error', {
          code: 'VALIDATION_FAILED',
          message: bid.error.issues[0]?.message ?? 'Invalid bid',
        });
        return;
      }
      placeNewArrivalBid(deps, customerId, bid.data)
        .then((placed) => socket.emit('bid_placed', placed))
        .catch((err) => fail(socket, err));
    });
    socket.on('cancel_bid', (input: unknown) => {
      const cancel = cancelBids.safeParse(input);
      if (!cancel.success) {
        socket.emit('error', {
          code: 'VALIDATION_FAILED',
          message: cancel.error.issues[0]?.message ?? 'Invalid cancel',
        });
        return;
      }
      cancelNewArrivalBids(deps, customerId, cancel.data.product_ids)
        .then(() => sendView(socket))
        .catch((err) => fail(socket, err));
    });
  });

  /**
   * One group's turn: reads the board once and sends each watcher of the group that is owed a view
   * its own (and any watcher of another group still owed one from an earlier turn, once it has
   * read its last). Each distinct view is encoded once, as its WebSocket frame (a customer's tabs
   * share theirs, and so do all bidders with no bid), and every socket of that view is written
   * those bytes. Answers whether any watcher is still owed a view, and how long the turn waited
   * for the board's queries.
   */
  async function refresh(group: number | 'all'): Promise<{ more: boolean; reading: number }> {
    const watching = [...nsp.sockets.values()].filter(
      (s) => (s as BiddingSocket).data.watching,
    ) as BiddingSocket[];
    const at = generation;
    const owed = watching.filter((s) => (s.data.seen ?? -1) < at);
    const due = group === 'all' ? owed : owed.filter((s) => s.data.group === group || s.data.owed);
    if (due.length === 0) return { more: owed.length > 0, reading: 0 };
    const readAt = performance.now();
    const round = await findOpenRound(deps.db, 'new_arrivals');
    if (!round) return { more: false, reading: 0 };
    const board = encodeBoard(await readBoard(deps.db, round, deps.clock.now(), known));
    const customers = [...new Set(due.map((s) => s.data.session.customerId))];
    const mine = await readMyBids(deps.db, round.id, customers);
    const reading = performance.now() - readAt;
    const views = new Map<string, EncodedEvent<BidStones>>();
    let written = 0;
    for (const socket of due) {
      if (stopped) return { more: false, reading };
      if (++written % VIEWS_PER_TURN === 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!socket.connected) continue;
      if (stillSending(socket)) {
        // Latest wins: it gets the board of a turn to come, once it has read the last one.
        socket.data.owed = true;
        continue;
      }
      socket.data.owed = false;
      socket.data.seen = at;
      const customerId = socket.data.session.customerId;
      const myBids = mine.get(customerId)!;
      const key = myBids.size > 0 ? customerId : '';
      let view = views.get(key);
      if (!view) {
        view = new EncodedEvent(nsp.name, 'bid_stones', encodedViewOf(board, myBids));
        views.set(key, view);
      }
      sendEncoded(socket, view);
    }
    return { more: true, reading };
  }

  let nextGroup = 0;

  /**
   * The groups' turns, one after another, while any watcher is owed a view. The first bid after a
   * quiet spell goes to every watcher in one turn, as nobody's views are then going out: the groups
   * take turns only while bids keep coming.
   */
  function run(everyone: boolean) {
    timer = undefined;
    const startedAt = performance.now();
    const heard = generation;
    let group: number | 'all' = 'all';
    if (!everyone) {
      group = nextGroup;
      nextGroup = (nextGroup + 1) % GROUPS;
    }
    running = refresh(group)
      .catch((err) => {
        log.error({ err }, 'bid view refresh failed');
        return { more: false, reading: 0 };
      })
      .then(({ more, reading }) => {
        running = null;
        // A bid heard during the turn is owed to every watcher, even when none was before it.
        if (stopped || !(more || generation !== heard)) return;
        // The next group's turn a tenth of a cycle after this one began: at least MIN_CYCLE_MS a
        // cycle, and three times what this turn took of this process when the machine is busy
        // (the views then cost the bidders as much), but never past the pins' second.
        const took = performance.now() - startedAt;
        const own = took - reading;
        const turn = everyone ? own / GROUPS : own;
        const slot = Math.min(MAX_CYCLE_MS, Math.max(MIN_CYCLE_MS, BUSY_FACTOR * turn * GROUPS)) / GROUPS;
        timer = setTimeout(run, everyone ? slot : Math.max(0, slot - took), false);
      });
  }

  const kick = () => {
    generation += 1;
    if (stopped || timer || running) return;
    timer = setTimeout(run, REFRESH_DELAY_MS, true);
  };

  let news: { roundId: string; endTime: string; stones: Map<string, BidStoneChange> } | null = null;
  let newsTimer: NodeJS.Timeout | undefined;
  let newsSentAt = Number.NEGATIVE_INFINITY;
  let newsEvery = NEWS_EVERY_MS;
  let newsDueAt = 0;

  /**
   * The news heard so far, as one broadcast to this instance's watchers (`local`: every instance
   * hears the notifications itself, so the Redis adapter must not carry them again).
   */
  const sendNews = () => {
    clearTimeout(newsTimer);
    newsTimer = undefined;
    if (!news || stopped) return;
    const { endTime, stones } = news;
    news = null;
    newsSentAt = performance.now();
    const late = Math.max(0, newsSentAt - newsDueAt);
    newsEvery = Math.min(NEWS_MAX_EVERY_MS, NEWS_EVERY_MS + 2 * late);
    nsp.local.to(WATCHING_ROOM).emit('bid_stones_changed', { endTime, stones: [...stones.values()] });
  };

  /**
   * A notification on the bids channel: a stone's news joins the next `bid_stones_changed` (the
   * news of an earlier round goes first, on its own); the fresh views follow, paced.
   */
  const onNotify = (payload: string) => {
    const heard = payload ? stoneNews.safeParse(parseJson(payload)) : null;
    if (heard?.success && !stopped) {
      const { round_id: roundId, endTime, ...change } = heard.data;
      if (news && news.roundId !== roundId) sendNews();
      news ??= { roundId, endTime, stones: new Map() };
      // A stone's news comes in the order of its commits, and the round's end only moves later.
      news.stones.set(change.product_id, change);
      if (endTime > news.endTime) news.endTime = endTime;
      if (!newsTimer) {
        newsDueAt = Math.max(performance.now(), newsSentAt + newsEvery);
        newsTimer = setTimeout(sendNews, newsDueAt - performance.now());
      }
    } else if (heard) {
      log.error({ payload }, 'bids channel payload is not a stone’s news (the views carry it)');
    }
    kick();
  };

  return {
    async start() {
      unlisten = await listenToChannel(deps.db, BIDS_CHANNEL, onNotify, (err) =>
        log.warn({ err }, 'bids channel dropped; reconnecting'),
      );
    },
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(newsTimer);
      await unlisten?.();
      await running;
    },
  };
}
