import type {
  MaintenanceModeEvent,
  NoticeClientEvents,
  NoticeServerEvents,
  NotificationEvent,
} from '@loupe/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/** The notices namespace as a client sees it, typed by the contract. */
type NoticeSocket = Socket<NoticeServerEvents, NoticeClientEvents>;

/** A browser tab's realtime connection, as the web app opens it, recording what it hears. */
export interface TestSocket {
  socket: NoticeSocket;
  events: NotificationEvent[];
  /** The maintenance switches it heard (`maintenance_mode`). */
  maintenance: MaintenanceModeEvent[];
  /** Resolves with the reason once the server (or the network) closes the connection. */
  closed: Promise<string>;
  close(): void;
}

export async function connectSocket(baseUrl: string, token: string | undefined): Promise<TestSocket> {
  const socket: NoticeSocket = io(baseUrl, {
    path: '/socket.io',
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const events: NotificationEvent[] = [];
  socket.on('notification', (event) => events.push(event));
  const maintenance: MaintenanceModeEvent[] = [];
  socket.on('maintenance_mode', (event) => maintenance.push(event));
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return { socket, events, maintenance, closed, close: () => socket.disconnect() };
}

/** The handshake refusal a client gets: the REST error code and status in `data`. */
export async function refusedHandshake(baseUrl: string, auth: Record<string, unknown>) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    return await new Promise<{ message: string; data?: { code: string; status: number } }>(
      (resolve, reject) => {
        socket.once('connect', () => reject(new Error('the handshake was accepted')));
        socket.once('connect_error', (err) =>
          resolve(err as Error & { data?: { code: string; status: number } }),
        );
      },
    );
  } finally {
    socket.disconnect();
  }
}
