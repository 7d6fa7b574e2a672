import type { Server as HttpServer } from 'node:http';
import {
  type ClientEventsOf,
  type MaintenanceModeEvent,
  type NotificationEvent,
  REALTIME_PATH,
  type RealtimeNamespace,
  type ServerEventsOf,
} from '@loupe/contract/realtime';
import type { Redis } from 'ioredis';
import { type Namespace, Server } from 'socket.io';
import type { AuthenticateToken } from '../http/session.ts';
import type { Log } from '../log.ts';
import { authenticateHandshake, type SocketData } from './handshake.ts';
import { customerRoom, sessionRoom } from './rooms.ts';

/**
 * The live connections of sessions, reaching every instance. Whatever ends a session closes its
 * sockets after the change is committed, so a reconnect is refused.
 */
export interface SessionSockets {
  closeSessionSockets(sessionIds: string[]): void;
  closeCustomerSockets(customerId: string): void;
}

/** What the rest of the server asks of the realtime connection; it reaches every instance. */
export interface RealtimeHub extends SessionSockets {
  /** Tells every open tab and device of the customer that their notices changed. */
  notifyCustomer(customerId: string, event: NotificationEvent): void;
  /**
   * Tells every customer's open tab connected to THIS instance that maintenance was switched on
   * or off. Only this instance's: every instance hears the switch from the database itself
   * (NOTIFY), so the Redis adapter must not carry it again. The last one told is also sent to
   * each tab that connects afterwards, so a switch made while a tab was loading (after it read
   * the customer, before its connection) still reaches it.
   */
  announceMaintenanceHere(event: MaintenanceModeEvent): void;
}

/** A namespace typed by the contract's event maps (`RealtimeNamespaces`). */
export type TypedNamespace<N extends RealtimeNamespace> = Namespace<
  ClientEventsOf<N>,
  ServerEventsOf<N>,
  Record<string, never>,
  SocketData
>;

export interface Realtime {
  hub: RealtimeHub;
  io: Server<ClientEventsOf<'/'>, ServerEventsOf<'/'>, Record<string, never>, SocketData>;
  /**
   * A namespace whose sockets authenticate like the default one and join their customer's and
   * session's rooms, so log-outs close them too (the bidding service adds `/bidding` this way).
   */
  addNamespace<N extends RealtimeNamespace>(name: N): TypedNamespace<N>;
  /** Drops this instance's connections (the others' stay up) and leaves the Redis channels. */
  close(): Promise<void>;
}

export interface RealtimeDeps {
  /** The handshake's check of the session token, given by the app (auth's sessions). */
  authenticate: AuthenticateToken;
  log: Log;
  /** With Redis, emits and disconnects by room reach the sockets of every server instance. */
  redis?: Redis;
}

/** Socket.IO on the HTTP server of the app: the same origin and port as the web app and the API. */
export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<Realtime> {
  const subscriber = deps.redis?.duplicate();
  // The Redis adapter is loaded only when Redis is configured (decision 038).
  const createAdapter = deps.redis ? (await import('@socket.io/redis-adapter')).createAdapter : undefined;
  const io: Realtime['io'] = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    // Clients send little (bids at most); a small limit keeps a hostile client from costing memory.
    maxHttpBufferSize: 100_000,
    ...(deps.redis && subscriber && createAdapter
      ? {
          adapter: createAdapter(deps.redis, subscriber, {
            // A key prefix of the Redis client (tests use one per run) also keeps the channels apart.
            key: `${deps.redis.options.keyPrefix ?? ''}loupe-realtime`,
          }),
        }
      : {}),
  });
  const handshake = authenticateHandshake(deps);
  const namespaces: Namespace[] = [];
  /** The maintenance state last announced here; each new connection of the default namespace gets it. */
  let maintenance: MaintenanceModeEvent | undefined;

  const addNamespace = <N extends RealtimeNamespace>(name: N): TypedNamespace<N> => {
    // Socket.IO types a server with the default namespace's maps; each other namespace takes its
    // own from the contract's table.
    const nsp = io.of(name) as Namespace as TypedNamespace<N>;
    nsp.use(handshake);
    nsp.on('connection', (socket) => {
      const { session } = socket.data;
      void socket.join([customerRoom(session.customerId), sessionRoom(session.sessionId)]);
    });
    namespaces.push(nsp);
    return nsp;
  };
  // The default namespace carries notices and the maintenance switch, server to client only.
  addNamespace('/').on('connection', (socket) => {
    if (maintenance) socket.emit('maintenance_mode', maintenance);
  });

  const hub: RealtimeHub = {
    notifyCustomer(customerId, event) {
      io.to(customerRoom(customerId)).emit('notification', event);
    },
    announceMaintenanceHere(event) {
      maintenance = event;
      io.local.emit('maintenance_mode', event);
    },
    closeSessionSockets(sessionIds) {
      if (sessionIds.length === 0) return;
      for (const nsp of namespaces) nsp.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    closeCustomerSockets(customerId) {
      for (const nsp of namespaces) nsp.in(customerRoom(customerId)).disconnectSockets(true);
    },
  };

  return {
    hub,
    io,
    addNamespace,
    async close() {
      // Closing the transports (not disconnecting the sockets) lets the clients reconnect by
      // themselves, to another instance or to this one once it is back.
      io.engine.close();
      await Promise.allSettled(namespaces.map((nsp) => nsp.adapter.close()));
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
