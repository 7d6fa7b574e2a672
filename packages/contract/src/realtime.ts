import { z } from 'zod';
import type { BidToBuyStones } from './bid-to-buy.ts';
import type { BidError, BidPlaced, BidStones, BidStonesChanged, CancelBids, PlaceBid } from './bidding.ts';
import type { Customer } from './customers.ts';

/**
 * The realtime connection (pins "Realtime"): Socket.IO on the portal's own origin, the session
 * token in the handshake `auth: {token}`. The default namespace carries notices and the
 * maintenance switch; `/bidding` joins it with the bidding issue.
 */
export const REALTIME_PATH = '/socket.io';

export const handshakeAuth = z.object({ token: z.string().min(1).max(200) });
export type HandshakeAuth = z.infer<typeof handshakeAuth>;

/**
 * Why a handshake was refused, in `connect_error`'s `data`: the error codes of the REST API, so
 * the client reacts to an ended session (410 / 419) the same way.
 */
export const handshakeError = z.object({ code: z.string(), status: z.number().int() });
export type HandshakeError = z.infer<typeof handshakeError>;

/**
 * Server → client on the default namespace. The client refetches its notices on every event
 * (spec §4); `created` also names the new notice so a client can tell which one arrived.
 */
export const notificationEvent = z.discriminatedUnion('change', [
  z.object({
    change: z.literal('created'),
    notice: z.object({ id: z.string(), title: z.string(), created_at: z.string() }),
  }),
  /** Notices were seen or read on another tab or device. */
  z.object({ change: z.literal('updated') }),
]);
export type NotificationEvent = z.infer<typeof notificationEvent>;

/**
 * Server → client on the default namespace, to every connected customer: the sales team switched
 * maintenance on or off (`maintenance on <end>`, `maintenance off`). The payload is what the
 * customer call now answers as `maintenance_mode`; the client asks for the customer again, whose
 * `maintenance_mode` puts the shell into the maintenance view or takes it out (spec §4).
 */
export type MaintenanceModeEvent = Customer['maintenance_mode'];

/** Events of the default namespace, server to client: notices, and the portal's maintenance switch. */
export interface NoticeServerEvents {
  notification: (event: NotificationEvent) => void;
  maintenance_mode: (event: MaintenanceModeEvent) => void;
}

/** The default namespace, client to server: nothing (notices are read and marked over REST). */
export type NoticeClientEvents = Record<string, never>;

/** The bidding service's namespace (pins "Realtime"). */
export const BIDDING_NAMESPACE = '/bidding';

/** `/bidding`, client to server. */
export interface BiddingClientEvents {
  get_bid_stones: () => void;
  get_bidtobuy_stones: () => void;
  place_bid: (bid: PlaceBid) => void;
  cancel_bid: (cancel: CancelBids) => void;
}

/**
 * `/bidding`, server to client: my view of the round, the stones' news as it happens (to every
 * bidder watching the round, before the fresh view), my bid's acknowledgement, a refusal.
 */
export interface BiddingServerEvents {
  bid_stones: (view: BidStones) => void;
  bid_stones_changed: (news: BidStonesChanged) => void;
  bidtobuy_stones: (view: BidToBuyStones) => void;
  bid_placed: (placed: BidPlaced) => void;
  error: (error: BidError) => void;
}

/**
 * Every namespace with its two event maps. The server's namespaces (`addNamespace(name)`) and the
 * web client's sockets (`realtimeSocket(token, name)`) are typed from this one table, so an event
 * name or payload that differs between them fails the typecheck.
 */
export interface RealtimeNamespaces {
  '/': { server: NoticeServerEvents; client: NoticeClientEvents };
  [BIDDING_NAMESPACE]: { server: BiddingServerEvents; client: BiddingClientEvents };
}

export type RealtimeNamespace = keyof RealtimeNamespaces;
/** What the server emits on a namespace (the client listens for these). */
export type ServerEventsOf<N extends RealtimeNamespace> = RealtimeNamespaces[N]['server'];
/** What a client emits on a namespace (the server listens for these). */
export type ClientEventsOf<N extends RealtimeNamespace> = RealtimeNamespaces[N]['client'];
