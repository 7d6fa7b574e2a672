import {
  type ClientEventsOf,
  REALTIME_PATH,
  type RealtimeNamespace,
  type ServerEventsOf,
} from '@loupe/contract/realtime';
import { Manager, type Socket } from 'socket.io-client';

/**
 * A socket of one namespace, typed by the contract's event maps: it listens for what the server
 * emits there and emits what the server listens for.
 */
export type RealtimeSocket<N extends RealtimeNamespace> = Socket<ServerEventsOf<N>, ClientEventsOf<N>>;

/**
 * The realtime connection (pins "Realtime"): one Socket.IO connection per session on the portal's
 * own origin, shared by its namespaces (`/` notices, `/bidding` bids). The token goes in the
 * handshake; a new token (another login) opens a new connection.
 */
let current: { token: string; manager: Manager } | null = null;

export function realtimeSocket(token: string): RealtimeSocket<'/'>;
export function realtimeSocket<N extends RealtimeNamespace>(token: string, namespace: N): RealtimeSocket<N>;
export function realtimeSocket(token: string, namespace: RealtimeNamespace = '/') {
  if (current?.token !== token) {
    current?.manager.engine?.close();
    current = {
      token,
      manager: new Manager(window.location.origin, {
        path: REALTIME_PATH,
        autoConnect: false,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 10_000,
      }),
    };
  }
  // socket.io-client types a socket by the maps it is given; the namespace's come from the contract.
  return current.manager.socket(namespace, { auth: { token } }) as Socket as RealtimeSocket<typeof namespace>;
}
