import { cancelBids, placeBid } from '@loupe/contract/bidding';
import type { BiddingClientEvents, BiddingServerEvents } from '@loupe/contract/realtime';
import type { Namespace, Socket } from 'socket.io';
import { listenToChannel } from '../../platform/db/listen.ts';
import { AppError } from '../../platform/errors.ts';
import type { Log } from '../../platform/log.ts';
import type { SocketData } from '../../platform/realtime/handshake.ts';
import { type BidToBuyDeps, bidToBuyView } from './bid-to-buy.ts';
import {
  cancelNewArrivalBids,
  type NewArrivalDeps,
  newArrivalView,
  placeNewArrivalBid,
  readBoard,
  readMyBids,
  viewOfBoard,
} from './new-arrivals.ts';
import { BIDS_CHANNEL, findOpenRound } from './rounds.ts';

export type BiddingNamespace = Namespace<BiddingClientEvents, BiddingServerEvents>;
type BiddingSocket = Socket<
  BiddingClientEvents,
  BiddingServerEvents,
  Record<string, never>,
  BiddingSocketData
>;
interface BiddingSocketData extends SocketData {
  /** Set once the customer's `get_bid_stones` was answered: they get every later view pushed. */
  watching?: boolean;
}

export interface BiddingServiceDeps extends NewArrivalDeps, BidToBuyDeps {
  log: Log;
}

export interface BiddingService {
  start(): Promise<void>;
  /** Pushes a fresh `bid_stones` to every watching socket of this instance (NOTIFY calls it too). */
  kick(): void;
  stop(): Promise<void>;
}

/** Bursts of bids within this long become one refresh of every bidder's view. */
const REFRESH_DELAY_MS = 20;

function refusal(err: unknown, log: Log) {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  log.error({ err }, 'bidding event failed');
  return { code: 'INTERNAL', message: 'Something went wrong' };
}

/**
 * The `/bidding` namespace (pins "Bidding on new arrivals"): answers the client's events and, on
 * every committed bid, cancel or close of any instance (NOTIFY `loupe_bids`), pushes each watching
 * bidder connected here a fresh view of their own. The board (open stones and their bidding) is
 * read once per refresh, the bidders' own bids in one query.
 */
export function createBiddingService(nsp: BiddingNamespace, deps: BiddingServiceDeps): BiddingService {
  const { log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;

  const fail = (socket: BiddingSocket, err: unknown) => socket.emit('error', refusal(err, log));

  async function sendView(socket: BiddingSocket) {
    const { session } = socket.data;
    const view = await newArrivalView(deps, session.customerId);
    socket.data.watching = true;
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

  async function refresh() {
    const watching = [...nsp.sockets.values()].filter(
      (s) => (s as BiddingSocket).data.watching,
    ) as BiddingSocket[];
    if (watching.length === 0) return;
    const round = await findOpenRound(deps.db, 'new_arrivals');
    if (!round) return;
    const board = await readBoard(deps.db, round, deps.clock.now());
    const customers = [...new Set(watching.map((s) => s.data.session.customerId))];
    const mine = await readMyBids(deps.db, round.id, customers);
    const views = new Map(customers.map((id) => [id, viewOfBoard(board, id, mine.get(id)!)]));
    for (const socket of watching) socket.emit('bid_stones', views.get(socket.data.session.customerId)!);
  }

  function run() {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = refresh()
      .catch((err) => log.error({ err }, 'bid view refresh failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  }

  const kick = () => {
    if (stopped || timer) return;
    timer = setTimeout(run, REFRESH_DELAY_MS);
  };

  return {
    async start() {
      unlisten = await listenToChannel(deps.db, BIDS_CHANNEL, kick, (err) =>
        log.warn({ err }, 'bids channel dropped; reconnecting'),
      );
    },
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await running;
    },
  };
}
