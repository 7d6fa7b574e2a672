import type { BidToBuyStones } from '@loupe/contract/bid-to-buy';
import type {
  BidError,
  BidPlaced,
  BidStoneChange,
  BidStones,
  BidStonesChanged,
} from '@loupe/contract/bidding';
import { BIDDING_NAMESPACE, REALTIME_PATH } from '@loupe/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/** A bidder's `/bidding` connection as the web app opens it, recording everything it hears. */
export interface Bidder {
  socket: Socket;
  views: BidStones[];
  /** Each stone's news of every `bid_stones_changed` heard, in order, with the event's `endTime`. */
  changes: (BidStoneChange & { endTime: string })[];
  bidToBuy: BidToBuyStones[];
  placed: BidPlaced[];
  errors: BidError[];
  /** The latest `bid_stones`. */
  view(): BidStones | undefined;
  /** Emits `get_bid_stones` and waits for the answer. */
  refresh(): Promise<BidStones>;
  /** Emits `get_bidtobuy_stones` and waits for the answer; an `error` rejects. */
  refreshBidToBuy(): Promise<BidToBuyStones>;
  /** Emits `place_bid` and waits for `bid_placed` or `error`. */
  bid(productId: string, value: unknown): Promise<BidPlaced | BidError>;
  cancel(productIds: string[]): void;
  close(): void;
}

/**
 * How long a test waits for news (`expect.poll(…, HEARD)`): it goes out within 100 ms of the
 * commit, but a test file's server shares two loaded cores with other test runs.
 */
export const HEARD = { timeout: 5_000 };

/** The latest news heard of each stone (news of one moment come together, each stone's latest). */
export function latestNews(bidder: Bidder) {
  return Object.fromEntries(bidder.changes.map(({ product_id, ...news }) => [product_id, news]));
}

/** `transport` `polling` keeps the connection on HTTP long-polling, as a browser starts it. */
export async function connectBidder(
  baseUrl: string,
  token: string,
  transport: 'websocket' | 'polling' = 'websocket',
): Promise<Bidder> {
  const socket = io(`${baseUrl}${BIDDING_NAMESPACE}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: [transport],
    reconnection: false,
    forceNew: true,
  });
  const bidder: Bidder = {
    socket,
    views: [],
    changes: [],
    bidToBuy: [],
    placed: [],
    errors: [],
    view: () => bidder.views.at(-1),
    refresh: () =>
      new Promise((resolve, reject) => {
        socket.once('bid_stones', resolve);
        socket.once('error', reject);
        socket.emit('get_bid_stones');
      }),
    refreshBidToBuy: () =>
      new Promise((resolve, reject) => {
        const settle = (done: () => void) => {
          socket.off('bidtobuy_stones', answered);
          socket.off('error', refused);
          done();
        };
        const answered = (view: BidToBuyStones) => settle(() => resolve(view));
        const refused = (error: BidError) => settle(() => reject(error));
        socket.on('bidtobuy_stones', answered);
        socket.on('error', refused);
        socket.emit('get_bidtobuy_stones');
      }),
    bid: (productId, value) =>
      new Promise((resolve) => {
        const done = (answer: BidPlaced | BidError) => {
          socket.off('bid_placed', done);
          socket.off('error', done);
          resolve(answer);
        };
        socket.on('bid_placed', done);
        socket.on('error', done);
        socket.emit('place_bid', { product_id: productId, bid_value: value });
      }),
    cancel: (productIds) => socket.emit('cancel_bid', { product_ids: productIds }),
    close: () => socket.disconnect(),
  };
  socket.on('bid_stones', (view: BidStones) => bidder.views.push(view));
  socket.on('bid_stones_changed', (news: BidStonesChanged) =>
    bidder.changes.push(...news.stones.map((stone) => ({ ...stone, endTime: news.endTime }))),
  );
  socket.on('bidtobuy_stones', (view: BidToBuyStones) => bidder.bidToBuy.push(view));
  socket.on('bid_placed', (placed: BidPlaced) => bidder.placed.push(placed));
  socket.on('error', (error: BidError) => bidder.errors.push(error));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return bidder;
}
