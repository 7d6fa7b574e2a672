import { REALTIME_PATH } from '@loupe/contract/realtime';
import { Manager, type Socket } from 'socket.io-client';

/**
 * The realtime connection (pins "Realtime"): one Socket.IO connection per session on the portal's
 * own origin, shared by its namespaces (notices now, `/bidding` later). The token goes in the
 * handshake; a new token (another login) opens a new connection.
 */
let current: { token: string; manager: Manager } | null = null;

export function realtimeSocket(token: string, namespace = '/'): Socket {
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
  return current.manager.socket(namespace, { auth: { token } });
}
